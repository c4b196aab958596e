import { z } from 'zod';
import { BROKER_TYPES, TAX_REGIMES, USER_TYPES } from '../constants';
import { MSG } from '../messages';
import { isValidCompanyCf, isValidPersonalCf } from '../validation/codice-fiscale';
import { isValidPartitaIva } from '../validation/partita-iva';
import { normalizeTaxCode, normalizeVat } from '../validation/normalize';
import { whenValues, zOptionalText } from './common';
import { ZContractSummary } from './contract';
import { TIERS } from '../tiers';

/** Body of PATCH /api/profile (spec section 7); empty fields are stored as empty strings (spec section 5). */
const isCompanyPayload = (value: Record<string, unknown>) => (value.user as { type?: unknown } | undefined)?.type === 'azienda';
const userField = (value: Record<string, unknown>, key: string) => (value.user as Record<string, unknown> | undefined)?.[key];

/** Body of PATCH /api/profile (spec section 7); empty fields are stored as empty strings (spec section 5). */
export const ZUpdateProfileRequest = z
  .object({
    user: z.object({
      type: z.enum(USER_TYPES, { error: 'Tipo non valido.' }),
      name: zOptionalText(100),
      surname: zOptionalText(100),
      cf: zOptionalText(20).transform(normalizeTaxCode),
      business: zOptionalText(200),
      vat: zOptionalText(20)
        .transform(normalizeVat)
        .refine((value) => !value || isValidPartitaIva(value), { error: MSG.vatInvalid }),
    }),
    taxRegime: z.enum(TAX_REGIMES, { error: MSG.taxRegimeRequired }).nullish().transform((v) => v ?? null),
    hasEmployee: z.boolean({ error: 'Valore non valido.' }).nullish().transform((v) => v ?? false),
  })
  .refine((value) => value.user.type !== 'azienda' || Boolean(value.taxRegime), {
    error: MSG.taxRegimeRequired,
    path: ['taxRegime'],
    when: whenValues((value) => isCompanyPayload(value) && !value.taxRegime),
  })
  .refine(
    (value) => {
      const { cf, type } = value.user;
      if (!cf) return true;
      return type === 'azienda' ? isValidCompanyCf(cf) || isValidPersonalCf(cf) : isValidPersonalCf(cf);
    },
    {
      error: (issue) => (isCompanyPayload(issue.input as Record<string, unknown>) ? MSG.cfCompanyInvalid : MSG.cfInvalid),
      path: ['user', 'cf'],
      when: whenValues((value) => typeof userField(value, 'cf') === 'string' && typeof userField(value, 'type') === 'string'),
    },
  );
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;
export type TUpdateProfileInput = z.input<typeof ZUpdateProfileRequest>;

/** `true` when the data of spec section 4 is complete, otherwise the tax flag says whether tax data is. */
export const ZProfileStatus = z.union([z.literal(true), z.object({ tax: z.boolean() })]);
export type TProfileStatus = z.infer<typeof ZProfileStatus>;

export const ZProfileUser = z.object({
  id: z.string(),
  type: z.enum(USER_TYPES),
  name: z.string(),
  surname: z.string(),
  business: z.string(),
  vat: z.string(),
  cf: z.string(),
  taxRegime: z.enum(TAX_REGIMES).nullable(),
  hasEmployee: z.boolean(),
  status: ZProfileStatus,
  img: z.object({ path: z.string() }).nullable(),
  email: z.string(),
  phone: z.string(),
  /** A corner's tier (what it may open, spec section 1); null for the other roles. */
  tier: z.enum(TIERS).nullable(),
  /** The contract signed with a one-time password (spec section 4, contract progress). */
  contract: ZContractSummary,
});
export type TProfileUser = z.infer<typeof ZProfileUser>;

export const ZBroker = z.object({
  name: z.string(),
  type: z.enum(BROKER_TYPES),
  img: z.object({ path: z.string() }).nullable(),
});
export type TBroker = z.infer<typeof ZBroker>;

export const ZProfile = z.object({ user: ZProfileUser, broker: ZBroker.nullable() });
export type TProfile = z.infer<typeof ZProfile>;

/** Answer of PATCH /api/profile: the profile as saved, with the confirmation to show. */
export const ZUpdateProfileResponse = ZProfile.extend({ message: z.string() });
