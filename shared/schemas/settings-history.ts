import { z } from 'zod';

/**
 * The change history of the settings keys (issue 28): every write appends a version per key (the value before and
 * after, who, when); an admin can write an old version back (a restore, itself a new version). Shared by the server
 * (REST and tRPC) and the admin's history drawer.
 */

/** Keys written by other use cases through the settings service (payout documents, referral share), kept with a history too. */
export const EXTRA_HISTORY_KEYS = ['platformCompany', 'referralSettings', 'stuckThresholds'] as const;

export const SETTINGS_HISTORY_MSG = {
  unknownKey: 'Impostazione sconosciuta: non esiste una cronologia per questa chiave.',
  unknownVersion: 'Questa versione dell’impostazione non esiste.',
  versionInvalid: 'Indica il numero di una versione (un intero da 1 in su).',
  restoreInvalid: (version: number, reason: string) => `La versione ${version} non rispetta le regole attuali di questa impostazione e non può essere ripristinata: ${reason}`,
  restored: (version: number) => `Versione ${version} ripristinata.`,
} as const;

const zVersion = z.number({ error: SETTINGS_HISTORY_MSG.versionInvalid }).int({ error: SETTINGS_HISTORY_MSG.versionInvalid }).min(1, { error: SETTINGS_HISTORY_MSG.versionInvalid }).max(2_147_483_647, { error: SETTINGS_HISTORY_MSG.versionInvalid });
const zKey = z.string().min(1).max(100);

/** settings.history: one key's history. */
export const ZSettingHistoryQuery = z.object({ key: zKey });
export type TSettingHistoryQuery = z.infer<typeof ZSettingHistoryQuery>;

/** POST /api/admin/settings/:key/restore body. */
export const ZRestoreSettingBody = z.object({ version: zVersion });
/** settings.restore: write version `version` of `key` back as a new change. */
export const ZRestoreSettingRequest = ZRestoreSettingBody.extend({ key: zKey });
export type TRestoreSettingRequest = z.infer<typeof ZRestoreSettingRequest>;

/** One changed place of a value: `path` as `a.b[0].c` (empty for the whole value); undefined = absent. */
export const ZSettingChange = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export type TSettingChange = z.infer<typeof ZSettingChange>;

const ZPerson = z.object({ id: z.string(), name: z.string() });

export const ZSettingHistoryEntry = z.object({
  version: z.number().int(),
  /** Null when the key was not stored before. */
  before: z.unknown(),
  after: z.unknown(),
  changes: z.array(ZSettingChange),
  /** The changes in words, e.g. `rcaRange.daysBefore: 30 → 45`. */
  summary: z.string(),
  /** Who made the change (null: the system, or an account no longer known). */
  author: ZPerson.nullable(),
  /** The admin acting as `author` (login-as), when there was one. */
  impersonator: ZPerson.nullable(),
  restoredFrom: z.number().int().nullable(),
  createdAt: z.date(),
});
export type TSettingHistoryEntry = z.infer<typeof ZSettingHistoryEntry>;

/** A key's history, newest first. */
export const ZSettingHistory = z.object({ key: z.string(), entries: z.array(ZSettingHistoryEntry) });
export type TSettingHistory = z.infer<typeof ZSettingHistory>;

/** A restore's answer: the settings version to reload to (as settings.update) and the new history entry. */
export const ZRestoreSettingResult = z.object({ version: z.string(), message: z.string(), entry: ZSettingHistoryEntry });
export type TRestoreSettingResult = z.infer<typeof ZRestoreSettingResult>;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const childPath = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : IDENTIFIER.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;

const isSame = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The places where `after` differs from `before`: objects and arrays are walked down to the leaves that changed
 * (a key added or removed is one change); anything else that differs is one change at its path.
 */
export const diffSettingValues = (before: unknown, after: unknown, path = ''): TSettingChange[] => {
  if (isSame(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffSettingValues(before[key], after[key], childPath(path, key)));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    return Array.from({ length: Math.max(before.length, after.length) }, (_, index) => diffSettingValues(before[index], after[index], childPath(path, index))).flat();
  }
  return [{ path, before, after }];
};

const MAX_SHOWN = 80;

/** A value as a person reads it in a change summary. */
export const formatSettingValue = (value: unknown): string => {
  if (value === undefined || value === null) return '(vuoto)';
  if (value === true) return 'sì';
  if (value === false) return 'no';
  const text = typeof value === 'string' ? `«${value}»` : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
};

/** The changes in words, one per place (`path: before → after`), at most `limit` then how many more. */
export const summarizeSettingChanges = (changes: readonly TSettingChange[], limit = 10): string => {
  if (changes.length === 0) return 'Nessuna differenza dal valore precedente.';
  const lines = changes.slice(0, limit).map(({ path, before, after }) => `${path ? `${path}: ` : ''}${formatSettingValue(before)} → ${formatSettingValue(after)}`);
  if (changes.length > limit) lines.push(`e altre ${changes.length - limit} modifiche`);
  return lines.join('; ');
};
