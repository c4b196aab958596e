import { z } from 'zod';
import { ACCOUNT_STATES, BROKER_TYPES, REGISTRATION_TYPES, ROLES, USER_TYPES } from '../constants';
import { MSG } from '../messages';
import { TIERS } from '../tiers';
import { isValidPartitaIva } from '../validation/partita-iva';
import { normalizeVat } from '../validation/normalize';
import { ZEmail, ZPassword, ZPhone, whenValues, withPasswordConfirmation, zOptionalText, zRequiredText, zText } from './common';

export const ZSessionUser = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  state: z.enum(ACCOUNT_STATES),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  // Not the strength rules: a login must never tell which rule an old password breaks.
  password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(256, { error: MSG.wrongCredentials }),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

const ZVat = zOptionalText(20)
  .transform(normalizeVat)
  .refine((value) => !value || isValidPartitaIva(value), { error: MSG.vatInvalid });

export const ZRegisterRequest = withPasswordConfirmation(
  z.object({
    type: z.enum(REGISTRATION_TYPES, { error: 'Scegli se ti registri come persona o come azienda.' }),
    name: zRequiredText(100),
    surname: zRequiredText(100),
    business: zOptionalText(200),
    vat: ZVat,
    email: ZEmail,
    phone: ZPhone,
    password: ZPassword,
    confirmPassword: z.string({ error: MSG.required }),
    privacy: z.literal(true, { error: MSG.privacyRequired }),
    /** The referral link's code (`/registrati?ref=…`, issue 27): an unknown one is ignored. */
    referralCode: z.string().max(40).optional(),
  }),
)
  .refine((value) => value.type !== 'azienda' || Boolean(value.business), {
    error: MSG.businessRequired,
    path: ['business'],
    when: whenValues((value) => value.type === 'azienda'),
  })
  .refine((value) => value.type !== 'azienda' || Boolean(value.vat), {
    error: MSG.vatRequired,
    path: ['vat'],
    when: whenValues((value) => value.type === 'azienda' && typeof value.vat === 'string'),
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZTokenRequest = z.object({
  token: zText({ error: MSG.tokenInvalid }).trim().min(16, { error: MSG.tokenInvalid }).max(200, { error: MSG.tokenInvalid }),
});
export type TTokenRequest = z.infer<typeof ZTokenRequest>;

export const ZRecoverPasswordRequest = z.object({ email: ZEmail });
export type TRecoverPasswordRequest = z.infer<typeof ZRecoverPasswordRequest>;

export const ZResetPasswordRequest = withPasswordConfirmation(
  z.object({
    token: ZTokenRequest.shape.token,
    password: ZPassword,
    confirmPassword: z.string({ error: MSG.required }),
  }),
);
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

const ZCurrentPassword = z
  .string({ error: MSG.currentPasswordRequired })
  .min(1, { error: MSG.currentPasswordRequired })
  .max(256, { error: MSG.currentPasswordWrong });

/**
 * A new password typed twice. `currentPassword` may be left out only by a session signed in a few minutes ago
 * (the server decides); when sent, it is checked.
 */
export const ZUpdatePasswordRequest = withPasswordConfirmation(
  z.object({ currentPassword: ZCurrentPassword.optional(), password: ZPassword, confirmPassword: z.string({ error: MSG.required }) }),
);
export type TUpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequest>;

/** The change-password form: it always asks for the current password. */
export const ZChangePasswordForm = withPasswordConfirmation(
  z.object({ currentPassword: ZCurrentPassword, password: ZPassword, confirmPassword: z.string({ error: MSG.required }) }),
);
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** An admin sets another user's state: `inactive` ends its sessions (and the impersonation tokens it issued). */
export const ZSetUserStateRequest = z.object({
  userId: z.uuid({ error: MSG.userNotFound }),
  state: z.enum(['active', 'inactive'], { error: MSG.userStateInvalid }),
});
export type TSetUserStateRequest = z.infer<typeof ZSetUserStateRequest>;

export const ZSetUserStateResponse = z.object({ id: z.string(), state: z.enum(ACCOUNT_STATES) });

export const ZLoginAsRequest = z.object({ userId: z.uuid({ error: MSG.userNotFound }) });
export type TLoginAsRequest = z.infer<typeof ZLoginAsRequest>;

export const ZLoginAsResponse = ZSessionUser.extend({ token: z.string() });
export type TLoginAsResponse = z.infer<typeof ZLoginAsResponse>;

export const ZCreateUserRequest = z
  .object({
    email: ZEmail,
    role: z.enum(ROLES, { error: 'Ruolo non valido.' }),
    type: z.enum(USER_TYPES, { error: 'Tipo non valido.' }),
    name: zRequiredText(100),
    surname: zRequiredText(100),
    business: zOptionalText(200),
    brokerType: z.enum(BROKER_TYPES, { error: MSG.brokerTypeRequired }).optional(),
  })
  .refine((value) => value.role !== 'broker' || Boolean(value.brokerType), {
    error: MSG.brokerTypeRequired,
    path: ['brokerType'],
    when: whenValues((value) => value.role === 'broker' && value.brokerType === undefined),
  })
  .refine((value) => value.type !== 'azienda' || Boolean(value.business), {
    error: MSG.businessRequired,
    path: ['business'],
    when: whenValues((value) => value.type === 'azienda' && typeof value.business === 'string'),
  });
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

export const ZCreateUserResponse = z.object({ id: z.string() });

export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  state: z.enum(ACCOUNT_STATES),
  type: z.enum(USER_TYPES),
  name: z.string(),
  surname: z.string(),
  business: z.string(),
  brokerType: z.enum(BROKER_TYPES).nullable(),
  /** A corner's tier (spec section 1); null for the other roles. */
  tier: z.enum(TIERS).nullable(),
  createdAt: z.date(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** Query of GET /api/admin/users: search over name, business and e-mail, filters, paging (limit 0: all). */
export const ZListUsersQuery = z.object({
  q: zText().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  state: z.enum(ACCOUNT_STATES).optional(),
  page: z.coerce.number({ error: 'Pagina non valida.' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'Limite non valido.' }).int().min(0).max(200).default(25),
});
export type TListUsersQuery = z.infer<typeof ZListUsersQuery>;

export const ZUserList = z.object({ list: z.array(ZAdminUser), total: z.number().int() });
