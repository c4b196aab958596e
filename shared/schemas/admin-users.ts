import { z } from 'zod';
import { BROKER_TYPES } from '../constants';
import { MSG } from '../messages';
import { RUI_NUMBER_PATTERN, RUI_SECTIONS, TIERS } from '../tiers';
import { isValidCompanyCf, isValidPersonalCf } from '../validation/codice-fiscale';
import { normalizeTaxCode, normalizeVat } from '../validation/normalize';
import { isValidPartitaIva } from '../validation/partita-iva';
import { ZPhone, whenValues, zOptionalText, zRequiredText } from './common';

export const ADMIN_USER_MSG = {
  ruiSection: 'Sezione RUI non valida: scegli una lettera dalla A alla F.',
  ruiNumber: 'Numero RUI non valido: la lettera della sezione seguita da 9 cifre (es. E000123456).',
  ruiMismatch: 'Il numero RUI deve iniziare con la lettera della sezione.',
  tier: 'Livello non valido: Bronze, Silver o Gold.',
  tierOnlyCorner: 'Il livello si assegna solo ai corner.',
  ruiOnlyCorner: "L'iscrizione RUI si indica solo per i corner.",
  ruiRequired: "Per il livello Silver o Gold serve l'iscrizione al RUI: indica sezione e numero.",
  brokerTypeOnlyBroker: 'Il settore si assegna solo ai broker.',
  nothingToChange: 'Nessuna modifica da salvare.',
  cannotInviteState: (state: string) => `Non si può inviare l'invito a un account ${state}.`,
  cannotResetState: (state: string) => `Non si può reimpostare la password di un account ${state}.`,
  inviteSent: "Invito inviato: l'utente riceverà il link per scegliere la password.",
  resetSent: "Email inviata: l'utente riceverà il link per reimpostare la password.",
  cannotDeleteSelf: 'Non puoi eliminare il tuo account.',
  lastAdmin: "Non puoi eliminare l'ultimo amministratore attivo: prima creane o attivane un altro.",
  cornerOpenPractices: (count: number) =>
    `Non puoi eliminare questo corner: ha ${count === 1 ? '1 pratica non conclusa' : `${count} pratiche non concluse`}. Potrai eliminarlo quando saranno tutte chiuse.`,
  cornerBalance: (amount: string) => `Non puoi eliminare questo corner: il suo saldo è di ${amount} e deve essere a zero (pagalo o registra una rettifica).`,
  cornerPayoutsRequested: (count: number) =>
    `Non puoi eliminare questo corner: ${count === 1 ? 'ha 1 pagamento richiesto' : `ha ${count} pagamenti richiesti`} e non ancora eseguito.`,
  brokerOpenPractices: (count: number) =>
    `Non puoi eliminare questo broker: ha in carico ${count === 1 ? '1 pratica aperta' : `${count} pratiche aperte`}. Assegnale prima a un altro broker.`,
  deleted: 'Account eliminato: i dati personali sono stati cancellati; pratiche, documenti e movimenti restano conservati.',
} as const;

/** The RUI registration (spec section 1, Silver): its section and number; null removes it. */
export const ZRuiRegistration = z
  .object({
    section: z.enum(RUI_SECTIONS, { error: ADMIN_USER_MSG.ruiSection }),
    number: z
      .string({ error: ADMIN_USER_MSG.ruiNumber })
      .trim()
      .transform((value) => value.toUpperCase().replace(/\s/g, ''))
      .refine((value) => RUI_NUMBER_PATTERN.test(value), { error: ADMIN_USER_MSG.ruiNumber }),
  })
  .refine((value) => value.number.startsWith(value.section), {
    error: ADMIN_USER_MSG.ruiMismatch,
    path: ['number'],
    when: whenValues((value) => typeof value.section === 'string' && typeof value.number === 'string'),
  });
export type TRuiRegistration = z.infer<typeof ZRuiRegistration>;

/**
 * Body of PATCH /api/admin/users/:id: only the fields sent change (an empty text clears an optional one). `tier` and
 * `rui` are a corner's, `brokerType` a broker's.
 */
export const ZAdminUpdateUserBody = z.object({
  name: zRequiredText(100).optional(),
  surname: zRequiredText(100).optional(),
  business: zOptionalText(200).optional(),
  vat: zOptionalText(20)
    .transform(normalizeVat)
    .refine((value) => !value || isValidPartitaIva(value), { error: MSG.vatInvalid })
    .optional(),
  cf: zOptionalText(20)
    .transform(normalizeTaxCode)
    .refine((value) => !value || isValidPersonalCf(value) || isValidCompanyCf(value), { error: MSG.cfInvalid })
    .optional(),
  phone: z.union([z.literal(''), ZPhone]).optional(),
  tier: z.enum(TIERS, { error: ADMIN_USER_MSG.tier }).optional(),
  rui: ZRuiRegistration.nullable().optional(),
  brokerType: z.enum(BROKER_TYPES, { error: MSG.brokerTypeRequired }).optional(),
});
export type TAdminUpdateUserBody = z.infer<typeof ZAdminUpdateUserBody>;

export const ZAdminUserId = z.object({ userId: z.uuid({ error: MSG.userNotFound }) });

/** tRPC `admin.users.update`: the account and the fields to change. */
export const ZAdminUpdateUserRequest = ZAdminUpdateUserBody.extend(ZAdminUserId.shape);
export type TAdminUpdateUserRequest = z.infer<typeof ZAdminUpdateUserRequest>;

/** An account as the admin's edit dialog shows it. */
export const ZAdminUserDetail = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  business: z.string(),
  vat: z.string(),
  cf: z.string(),
  phone: z.string(),
  tier: z.enum(TIERS).nullable(),
  rui: z.object({ section: z.enum(RUI_SECTIONS), number: z.string(), verifiedAt: z.date().nullable() }).nullable(),
  brokerType: z.enum(BROKER_TYPES).nullable(),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZAdminMessage = z.object({ message: z.string() });

/** Body of DELETE /api/admin/users/:id (optional): why the account is deleted, kept in the audit log. */
export const ZAdminDeleteUserBody = z.object({ reason: zOptionalText(500).optional() });
export type TAdminDeleteUserBody = z.infer<typeof ZAdminDeleteUserBody>;

/** tRPC `admin.users.delete`: the account and the optional reason. */
export const ZAdminDeleteUserRequest = ZAdminDeleteUserBody.extend(ZAdminUserId.shape);
export type TAdminDeleteUserRequest = z.infer<typeof ZAdminDeleteUserRequest>;

export const ZAdminDeleteUserResponse = z.object({ id: z.string(), state: z.literal('deleted'), message: z.string() });
export type TAdminDeleteUserResponse = z.infer<typeof ZAdminDeleteUserResponse>;
