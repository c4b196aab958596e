import type { TTaxRegime, TUserType } from '../../../../shared/constants';
import type { TProfileUser } from '../../../../shared/schemas/profile';

/** The form holds the profile.update input itself, so server field keys (`user.cf`, `taxRegime`) are its paths. */
export type TProfileFormValues = {
  user: { type: TUserType; name: string; surname: string; cf: string; business: string; vat: string };
  taxRegime: TTaxRegime | null;
  hasEmployee: boolean;
};

/** Step 1, "Dati anagrafici". */
export const IDENTITY_FIELDS = ['user.type', 'user.name', 'user.surname', 'user.business', 'user.vat', 'user.cf'] as const;
/** Step 2, "Dati fiscali". */
export const TAX_FIELDS = ['taxRegime', 'hasEmployee'] as const;

export const isCompanyType = (type: TUserType): boolean => type === 'azienda';

export const toFormValues = (user: TProfileUser): TProfileFormValues => ({
  user: { type: user.type, name: user.name, surname: user.surname, cf: user.cf, business: user.business, vat: user.vat },
  taxRegime: user.taxRegime,
  hasEmployee: user.hasEmployee,
});

/**
 * The body sent (spec sections 5 and 7), every field present, empty ones as empty strings. A person has no
 * company fields: what was typed there before switching to "Persona" is hidden, so it is neither checked nor sent.
 */
export const toProfilePayload = (values: TProfileFormValues): TProfileFormValues => {
  const trimmed = {
    type: values.user.type,
    name: values.user.name.trim(),
    surname: values.user.surname.trim(),
    cf: values.user.cf.trim(),
    business: values.user.business.trim(),
    vat: values.user.vat.trim(),
  };
  const user = isCompanyType(trimmed.type) ? trimmed : { ...trimmed, business: '', vat: '' };
  return { user, taxRegime: values.taxRegime, hasEmployee: values.hasEmployee };
};
