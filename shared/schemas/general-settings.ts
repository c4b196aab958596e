import { z } from 'zod';
import { zText } from './common';

/**
 * The general settings keys without a sector (issue 28; spec section 3 names them, not their structure): typed
 * here once for the server's checks and reads, the admin's editors and the login sync. Each has a default valid on
 * a fresh install (the starting values of migrations/2026-11-21T1100_core-data.ts pass); a stored value that does
 * not pass reads as the default. What each holds: docs/settings-keys.md.
 */

export const GENERAL_SETTINGS_MSG = {
  booleanInvalid: 'Valore non valido: sì o no.',
  docKeyInvalid: 'Codice documento non valido: lettere minuscole, cifre e «-», al massimo 50 caratteri, iniziando con una lettera.',
  docKeyDuplicate: 'Codice documento ripetuto.',
  docNameRequired: 'Indica il nome del documento (al massimo 100 caratteri).',
  docsTooMany: 'Al massimo 30 documenti.',
  docsList: 'Indica un elenco di documenti.',
  botsList: 'Indica un elenco di fonti di preventivo.',
  aniaConfigInvalid: 'Indica la configurazione della consultazione ANIA.',
  signOnlyRequired: 'Solo un documento obbligatorio può richiedere la firma.',
  urlInvalid: 'Indica un indirizzo https completo (al massimo 500 caratteri).',
  timeoutInvalid: 'Indica un numero intero di secondi, da 1 a 120.',
  cacheHoursInvalid: 'Indica un numero intero di ore, da 0 a 720.',
  aniaEndpointRequired: 'Per attivare la consultazione ANIA indica l’indirizzo del servizio.',
  botKeyInvalid: 'Codice non valido: lettere minuscole, cifre e «-», al massimo 50 caratteri, iniziando con una lettera.',
  botKeyDuplicate: 'Codice della fonte ripetuto.',
  botNameRequired: 'Indica il nome della fonte (al massimo 100 caratteri).',
  botsTooMany: 'Al massimo 20 fonti di preventivo.',
  priorityInvalid: 'Indica la priorità con un intero da 1 a 100.',
} as const;

const M = GENERAL_SETTINGS_MSG;
const SLUG = /^[a-z][a-z0-9-]{0,49}$/;

const zHttpsUrl = z
  .string({ error: M.urlInvalid })
  .trim()
  .max(500, { error: M.urlInvalid })
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, { error: M.urlInvalid });
const zSeconds = z.number({ error: M.timeoutInvalid }).int({ error: M.timeoutInvalid }).min(1, { error: M.timeoutInvalid }).max(120, { error: M.timeoutInvalid });
const zFlag = z.boolean({ error: M.booleanInvalid });

/** One document of the corner's own file (not of a practice): `key` is the file's document type. */
export const ZCornerDoc = z.object({
  key: zText({ error: M.docKeyInvalid }).regex(SLUG, { error: M.docKeyInvalid }),
  name: zText({ error: M.docNameRequired }).trim().min(1, { error: M.docNameRequired }).max(100, { error: M.docNameRequired }),
  required: zFlag,
  /** Signed on the platform (with an OTP), as the collaboration contract. */
  sign: zFlag.optional(),
});
export type TCornerDoc = z.infer<typeof ZCornerDoc>;

const uniqueKeys = (message: string) => (list: readonly { key: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  list.forEach((item, index) => {
    if (seen.has(item.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message });
    seen.add(item.key);
  });
};

export const ZCornerDocs = z
  .array(ZCornerDoc, { error: M.docsList })
  .max(30, { error: M.docsTooMany })
  .superRefine(uniqueKeys(M.docKeyDuplicate))
  .superRefine((docs, ctx) =>
    docs.forEach((doc, index) => {
      if (doc.sign && !doc.required) ctx.addIssue({ code: 'custom', path: [index, 'sign'], message: M.signOnlyRequired });
    }),
  );
export type TCornerDocs = z.infer<typeof ZCornerDocs>;

/** The ANIA lookup (a vehicle's insurance status by plate): whether it is on, where, how long to wait and to reuse an answer. */
export const ZAniaConfig = z
  .object(
    {
      enabled: zFlag,
        endpoint: z.union([z.literal(''), zHttpsUrl], { error: M.urlInvalid }).optional(),
      timeoutSeconds: zSeconds.optional(),
      cacheHours: z.number({ error: M.cacheHoursInvalid }).int({ error: M.cacheHoursInvalid }).min(0, { error: M.cacheHoursInvalid }).max(720, { error: M.cacheHoursInvalid }).optional(),
    },
    { error: M.aniaConfigInvalid },
  )
  .superRefine((config, ctx) => {
    // The starting value `{ enabled: true }` predates the endpoint: only a value that names one must be complete.
    if (config.enabled && config.endpoint === '') ctx.addIssue({ code: 'custom', path: ['endpoint'], message: M.aniaEndpointRequired });
  });
export type TAniaConfig = z.infer<typeof ZAniaConfig>;

/** One automated source of RC Auto quotes (a comparison or an insurer's web service), tried in `priority` order. */
export const ZRcaBot = z.object({
  key: zText({ error: M.botKeyInvalid }).regex(SLUG, { error: M.botKeyInvalid }),
  name: zText({ error: M.botNameRequired }).trim().min(1, { error: M.botNameRequired }).max(100, { error: M.botNameRequired }),
  enabled: zFlag,
  endpoint: zHttpsUrl,
  priority: z.number({ error: M.priorityInvalid }).int({ error: M.priorityInvalid }).min(1, { error: M.priorityInvalid }).max(100, { error: M.priorityInvalid }),
  timeoutSeconds: zSeconds,
});
export type TRcaBot = z.infer<typeof ZRcaBot>;

export const ZRcaBots = z.array(ZRcaBot, { error: M.botsList }).max(20, { error: M.botsTooMany }).superRefine(uniqueKeys(M.botKeyDuplicate));
export type TRcaBots = z.infer<typeof ZRcaBots>;

/** Whether a corner's RUI registration (the IVASS register of intermediaries) is checked before insurance work. */
export const ZAniaState = zFlag;

export const GENERAL_SETTING_SCHEMAS = {
  aniaConfig: ZAniaConfig,
  aniaState: ZAniaState,
  otherDocs: ZCornerDocs,
  profileDocs: ZCornerDocs,
  rcaBots: ZRcaBots,
} as const;
export type TGeneralSettingKey = keyof typeof GENERAL_SETTING_SCHEMAS;
export type TGeneralSettings = { [K in TGeneralSettingKey]: z.infer<(typeof GENERAL_SETTING_SCHEMAS)[K]> };

/** The starting values (as migrations/2026-11-21T1100_core-data.ts stores them). */
export const GENERAL_SETTINGS_DEFAULTS: TGeneralSettings = {
  aniaConfig: { enabled: true },
  aniaState: true,
  otherDocs: [],
  profileDocs: [
    { key: 'contratto', name: 'Contratto di collaborazione', required: true, sign: true },
    { key: 'documento-identita', name: 'Documento di identità', required: true },
    { key: 'codice-fiscale', name: 'Tessera sanitaria / codice fiscale', required: true },
    { key: 'iscrizione-rui', name: 'Iscrizione al RUI', required: false },
  ],
  rcaBots: [],
};

export const isGeneralSettingKey = (key: string): key is TGeneralSettingKey => Object.hasOwn(GENERAL_SETTING_SCHEMAS, key);

/** The first problem of a value for a general key, with its path inside the value, or null when it is valid. */
export const generalSettingIssue = (key: TGeneralSettingKey, value: unknown): { path: PropertyKey[]; message: string } | null => {
  const checked = (GENERAL_SETTING_SCHEMAS[key] as z.ZodType).safeParse(value);
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  return { path: issue.path, message: issue.message };
};

/** A stored value as the platform reads it: the stored one when valid (as stored), else the default. */
export const readGeneralSetting = <K extends TGeneralSettingKey>(key: K, stored: unknown): TGeneralSettings[K] =>
  (GENERAL_SETTING_SCHEMAS[key].safeParse(stored).success ? stored : GENERAL_SETTINGS_DEFAULTS[key]) as TGeneralSettings[K];

/** The check of a general key in a settings update (`{key, value}`), with the message on its field. */
export const generalSettingRefinement = ({ key, value }: { key: string; value: unknown }, ctx: z.RefinementCtx) => {
  if (!isGeneralSettingKey(key)) return;
  const issue = generalSettingIssue(key, value);
  if (issue) ctx.addIssue({ code: 'custom', path: ['value', ...issue.path], message: issue.message });
};
