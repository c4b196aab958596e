// Pulls codice-fiscale-js (~300 KB) through the shared schema: import this module from lazily loaded code only.
import { MSG } from '../../../../shared/messages';
import { ZUpdateProfileRequest } from '../../../../shared/schemas/profile';
import { isCompanyType, toProfilePayload, type TProfileFormValues } from './profile-form-values';

export type TProfileFormErrors = Record<string, string>;

/**
 * What a complete profile needs beyond the schema (shared/rules/profile-status.ts): a codice fiscale; for a
 * company its name and partita IVA (the tax regime is the schema's own rule), for a person name and surname.
 */
const findMissing = ({ user }: TProfileFormValues): TProfileFormErrors => {
  const missing: TProfileFormErrors = {};
  if (isCompanyType(user.type)) {
    if (!user.business) missing['user.business'] = MSG.businessRequired;
    if (!user.vat) missing['user.vat'] = MSG.vatRequired;
  } else {
    if (!user.name) missing['user.name'] = MSG.required;
    if (!user.surname) missing['user.surname'] = MSG.required;
  }
  if (!user.cf) missing['user.cf'] = MSG.required;
  return missing;
};

/**
 * Checks the form with the schema the server parses PATCH /api/profile with (codice fiscale with omocodia,
 * partita IVA, tax regime of a company). `requireComplete` adds the fields the profile status needs, for the
 * accounts spec section 4 forces to complete their data.
 */
export const validateProfileForm = (values: TProfileFormValues, requireComplete: boolean): TProfileFormErrors => {
  const payload = toProfilePayload(values);
  const errors: TProfileFormErrors = requireComplete ? findMissing(payload) : {};
  const result = ZUpdateProfileRequest.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  return errors;
};
