import type { TProfileStatus } from '../schemas/profile';

type TProfileFields = {
  role: string;
  type: string;
  name: string;
  surname: string;
  business: string;
  vat: string;
  cf: string;
  taxRegime: string | null;
  phone: string;
};

/**
 * Spec section 4: the profile is complete (`true`) when the identity and tax data are there; otherwise the tax
 * flag tells whether the tax part is. Companies need business name, partita IVA and tax regime; persons their
 * name and surname; everyone a codice fiscale and a phone. Admins and brokers are staff: always complete.
 */
export const computeProfileStatus = (user: TProfileFields): TProfileStatus => {
  if (user.role !== 'corner') return true;
  const isCompany = user.type === 'azienda';
  const hasTax = isCompany ? Boolean(user.vat && user.taxRegime) : true;
  const hasIdentity = isCompany ? Boolean(user.business) : Boolean(user.name && user.surname);
  if (hasTax && hasIdentity && user.cf && user.phone) return true;
  return { tax: hasTax };
};

/** Spec section 4: such an account is forced into the profile-update dialog. */
export const isProfileIncomplete = (status: TProfileStatus, cf: string): boolean =>
  status !== true && (!cf || !status.tax);
