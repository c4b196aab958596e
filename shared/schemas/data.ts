import { z } from 'zod';
import { ADMIN_SETTING_KEYS, BROKER_SETTING_KEYS, CLIENT_FILTER_FIELDS, PAYMENT_STATUSES, REGISTRATION_TYPES } from '../constants';
import { MSG } from '../messages';
import { AUDIT_RETENTION_SETTING_KEY, zAuditRetentionMonths } from './audit';
import { zJsonWithoutControlChars, zText } from './common';
import { ZProfile } from './profile';
import { isRetentionSettingKey, zRetentionYears } from './retention-settings';

export const ZClient = z.object({
  id: z.string(),
  type: z.enum(REGISTRATION_TYPES),
  name: z.string(),
  surname: z.string(),
  business: z.string(),
  email: z.string(),
  phone: z.string(),
  cf: z.string(),
  vat: z.string(),
  cornerId: z.string(),
  createdAt: z.date(),
  /** Added by issue 14 for the pages (the spec's fields above keep their shape): `type` under the record's name. */
  kind: z.enum(REGISTRATION_TYPES),
  displayName: z.string(),
  /** The address's comune, '' when none. */
  comune: z.string(),
  updatedAt: z.date(),
});
export type TClient = z.infer<typeof ZClient>;

const filterShape = Object.fromEntries(CLIENT_FILTER_FIELDS.map((field) => [field, zText().trim().max(100).optional()])) as Record<
  (typeof CLIENT_FILTER_FIELDS)[number],
  z.ZodOptional<z.ZodString>
>;

/**
 * The orders of the client lists, either way: `name` by surname (the business name, else surname and name),
 * `first-name` by the name as the lists show it (the business name, else name and surname); or by date added.
 */
export const CLIENT_SORTS = ['name', 'name-desc', 'first-name', 'first-name-desc', 'newest', 'oldest'] as const;
export type TClientListSort = (typeof CLIENT_SORTS)[number];

/**
 * Query of GET /api/clients and clients.find: page from 1, limit 0 means all (spec section 7), plus the filter
 * fields. Every text is matched ignoring case and accents: `name`, `surname`, `cf` and `vat` from the start of
 * the field, `business`, `email` and `phone` anywhere in it (the phone's digits), `q` each of its words anywhere
 * in any filter field. `createdFrom` (included) and `createdTo` (excluded) bound the time the client was added.
 * `cornerId` narrows an admin's list to one corner's book; a corner's list is always its own book.
 */
export const ZListClientsQuery = z.object({
  page: z.coerce.number({ error: 'Pagina non valida.' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'Limite non valido.' }).int().min(0).max(500).default(0),
  q: zText().trim().max(100).optional(),
  /** `createdAt` is the former name of `newest`, still accepted. */
  sort: z
    .enum([...CLIENT_SORTS, 'createdAt'], { error: 'Ordinamento non valido.' })
    .default('name')
    .transform((sort): TClientListSort => (sort === 'createdAt' ? 'newest' : sort)),
  createdFrom: z.coerce.date({ error: 'Data «Aggiunti dal» non valida.' }).optional(),
  createdTo: z.coerce.date({ error: 'Data «Aggiunti al» non valida.' }).optional(),
  cornerId: z.guid({ error: 'Corner non valido.' }).optional(),
  ...filterShape,
});
export type TListClientsQuery = z.infer<typeof ZListClientsQuery>;

export const ZPayment = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.number().int().describe('euro cents'),
  status: z.enum(PAYMENT_STATUSES),
  dueDate: z.date().nullable(),
  createdAt: z.date(),
  paidAt: z.date().nullable(),
  /** When the corner declared it paid (pending), the proof it gave, and why an admin sent it back (notPaied). */
  declaredAt: z.date().nullable(),
  proofUrl: z.string().nullable(),
  rejectedReason: z.string().nullable(),
  /** The practice whose request for issue raised it (its premium). */
  practiceId: z.string().nullable(),
  /** Still to pay after its due day (in Italy). */
  overdue: z.boolean(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZPaymentDetails = z.object({
  totalNotPaied: z.number().int(),
  totalPending: z.number().int(),
  totalPaied: z.number().int(),
  iban: z.string(),
  beneficiary: z.string(),
  reason: z.string(),
});

export const ZPaymentList = z.object({
  notPaied: z.array(ZPayment),
  paied: z.array(ZPayment),
  pending: z.array(ZPayment),
});

export const ZGiftcard = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number().int(),
  code: z.string(),
  createdAt: z.date(),
});

export const ZPayments = z.object({ details: ZPaymentDetails, list: ZPaymentList, giftcards: z.array(ZGiftcard) });
export type TPayments = z.infer<typeof ZPayments>;

export const ZNews = z.object({ id: z.string(), title: z.string().nullable(), text: z.string() });
export type TNews = z.infer<typeof ZNews>;

export const ZSettings = z.record(z.string(), z.unknown());
export type TSettings = z.infer<typeof ZSettings>;

/** GET /api/admin/settings?key= and settings.admin: one admin settings key, or every one without a key. */
export const ZAdminSettingsQuery = z.object({ key: z.string().max(100).optional() });
export type TAdminSettingsQuery = z.infer<typeof ZAdminSettingsQuery>;

/** Largest settings value an admin may store (JSON text). */
export const SETTING_VALUE_MAX_CHARS = 256 * 1024;

/** An admin changes one settings key (of either block); everyone connected is told to reload (syncSettings). */
export const ZUpdateSettingRequest = z.object({
  key: z.enum([...new Set([...ADMIN_SETTING_KEYS, ...BROKER_SETTING_KEYS])] as [string, ...string[]], { error: MSG.settingKeyInvalid }),
  value: zJsonWithoutControlChars().refine((value) => JSON.stringify(value).length <= SETTING_VALUE_MAX_CHARS, { error: MSG.settingValueTooLarge }),
}).superRefine(({ key, value }, ctx) => {
  // The RC Auto blocks are checked by their typed schemas on the server (sectorSettingRefinement in
  // shared/practices/rca-settings.ts), so that the first page's bundle does not carry them.
  // The audit log's retention: whole months, at least six (shared/schemas/audit.ts).
  if (key === AUDIT_RETENTION_SETTING_KEY) {
    const months = zAuditRetentionMonths().safeParse(value);
    if (!months.success) ctx.addIssue({ code: 'custom', path: ['value'], message: months.error.issues[0]!.message });
    return;
  }
  // The retention periods: whole years, no fewer than the law asks (shared/schemas/retention-settings.ts).
  if (!isRetentionSettingKey(key)) return;
  const checked = zRetentionYears(key).safeParse(value);
  if (!checked.success) ctx.addIssue({ code: 'custom', path: ['value'], message: checked.error.issues[0]!.message });
});
export type TUpdateSettingRequest = z.infer<typeof ZUpdateSettingRequest>;

/** A settings-sync signal of the tRPC subscription: the settings version (ms of the latest change) to reload to. */
export const ZSettingsSync = z.object({ version: z.string() });
export type TSettingsSync = z.infer<typeof ZSettingsSync>;
export const ZOnSettingsSyncInput = z.object({ lastEventId: z.string().nullish() }).optional();

export const ZSyncLogin = z.object({
  profile: ZProfile,
  settings: ZSettings.optional(),
  payments: z.object({ details: ZPaymentDetails, list: ZPaymentList }).optional(),
  clients: z.array(ZClient),
  adminSettings: ZSettings.optional(),
});
export type TSyncLogin = z.infer<typeof ZSyncLogin>;
