import { z } from 'zod';
import { zText } from '../schemas/common';
import { SECTOR_DOCS_MSG, ZRcaDocs } from './sector-docs';
import type { TRcaDocs } from './sector-docs';

/**
 * The RC Auto blocks of the settings (issue 15 "Settings"; spec section 3 lists the keys, not their structure):
 * typed here once, for the admin editor, the server's checks and readers, and the login sync. Every key has a
 * default valid on a fresh install; a stored value that no longer passes its schema reads as the default.
 */

export const RCA_SETTINGS_MSG = {
  daysInvalid: (max: number) => `Indica un numero intero di giorni, da 1 a ${max}.`,
  dueDaysInvalid: 'Indica un numero intero di giorni, da 0 a 90.',
  percentInvalid: 'Indica la percentuale in punti base (100 = 1%), da 0 a 10000.',
  fixedInvalid: 'Indica l’importo fisso in centesimi, da 0 a 100.000 euro.',
  ...SECTOR_DOCS_MSG,
  booleanInvalid: 'Valore non valido: sì o no.',
} as const;

const zDays = (max: number) =>
  z
    .number({ error: RCA_SETTINGS_MSG.daysInvalid(max) })
    .int({ error: RCA_SETTINGS_MSG.daysInvalid(max) })
    .min(1, { error: RCA_SETTINGS_MSG.daysInvalid(max) })
    .max(max, { error: RCA_SETTINGS_MSG.daysInvalid(max) });

/** Admin block: how RC Auto practices run. */
export const ZRcaConfig = z.object({
  /** Days a new quotation stays valid unless the broker says otherwise (the broker's dialog proposes it). */
  quotationValidityDays: zDays(365),
  /** Days the corner has to pay the premium from the request for issue (the payment request's due date). */
  paymentDueDays: z
    .number({ error: RCA_SETTINGS_MSG.dueDaysInvalid })
    .int({ error: RCA_SETTINGS_MSG.dueDaysInvalid })
    .min(0, { error: RCA_SETTINGS_MSG.dueDaysInvalid })
    .max(90, { error: RCA_SETTINGS_MSG.dueDaysInvalid }),
});
export type TRcaConfig = z.infer<typeof ZRcaConfig>;

/** The documents blocks are neutral (every sector's settings use them): shared/practices/sector-docs.ts. */
export { ZRcaDoc, ZRcaDocs, type TRcaDoc, type TRcaDocs } from './sector-docs';

/** The commission on an issued policy: a share of the yearly premium (basis points) plus a fixed amount. */
export const ZRcaRevenue = z.object({
  percentBp: z.number({ error: RCA_SETTINGS_MSG.percentInvalid }).int({ error: RCA_SETTINGS_MSG.percentInvalid }).min(0, { error: RCA_SETTINGS_MSG.percentInvalid }).max(10_000, { error: RCA_SETTINGS_MSG.percentInvalid }),
  fixedCents: z.number({ error: RCA_SETTINGS_MSG.fixedInvalid }).int({ error: RCA_SETTINGS_MSG.fixedInvalid }).min(0, { error: RCA_SETTINGS_MSG.fixedInvalid }).max(10_000_000, { error: RCA_SETTINGS_MSG.fixedInvalid }),
});
export type TRcaRevenue = z.infer<typeof ZRcaRevenue>;

/** How many days before a policy's expiry the corner is reminded (the insurer warns 30 days before). */
export const ZRcaRange = z.object({ daysBefore: zDays(120) });
export type TRcaRange = z.infer<typeof ZRcaRange>;

/** Whether, and how many days before expiry, a new practice is opened from the issued one. */
export const ZRcaReproposal = z.object({ enabled: z.boolean({ error: RCA_SETTINGS_MSG.booleanInvalid }), daysBefore: zDays(120) });
export type TRcaReproposal = z.infer<typeof ZRcaReproposal>;

/** Whether asking for issue needs the pre-contract pack signed (IVASS single pre-contract form, Reg. 40/2018). */
export const ZRcaPrecontrattuale = z.boolean({ error: RCA_SETTINGS_MSG.booleanInvalid });

export const RCA_SETTING_SCHEMAS = {
  rcaConfig: ZRcaConfig,
  rcaDocs: ZRcaDocs,
  rcaRevenue: ZRcaRevenue,
  rcaRange: ZRcaRange,
  rcaReproposal: ZRcaReproposal,
  rcaPrecontrattuale: ZRcaPrecontrattuale,
} as const;
export type TRcaSettingKey = keyof typeof RCA_SETTING_SCHEMAS;
export const RCA_SETTING_KEYS = Object.keys(RCA_SETTING_SCHEMAS) as TRcaSettingKey[];
export type TRcaSettings = { [K in TRcaSettingKey]: z.infer<(typeof RCA_SETTING_SCHEMAS)[K]> };
export const ZRcaSettings = z.object(RCA_SETTING_SCHEMAS);

/**
 * The values of a fresh install: the documents every RC Auto quote needs (the registration certificate and the
 * contraente's identity and tax code; the risk certificate is read by the broker from the ANIA/IVASS database, so it
 * is optional), a 10% commission (the admin sets the agreed one), the reminder and the new practice 30 days before
 * expiry as the insurer's own notice (art. 170-bis Codice delle assicurazioni private), no pre-contract pack until
 * the admin turns it on and edits its template.
 */
export const RCA_SETTINGS_DEFAULTS: TRcaSettings = {
  rcaConfig: { quotationValidityDays: 30, paymentDueDays: 7 },
  rcaDocs: [
    { docType: 'libretto', label: 'Carta di circolazione', required: true },
    { docType: 'identity_document', label: 'Documento d’identità del contraente', required: true },
    { docType: 'tax_code', label: 'Codice fiscale del contraente', required: true },
    { docType: 'driving_licence', label: 'Patente del conducente abituale', required: false },
    { docType: 'risk_certificate', label: 'Attestato di rischio', required: false },
  ],
  rcaRevenue: { percentBp: 1000, fixedCents: 0 },
  rcaRange: { daysBefore: 30 },
  rcaReproposal: { enabled: true, daysBefore: 30 },
  // The pack is a duty of every distributor (Reg. IVASS 40/2018 arts. 56-58): on unless the admin waives it.
  rcaPrecontrattuale: true,
};

/**
 * The same blocks for the other insurance sectors, under their spec keys (spec section 3): altri rami has its own
 * `altriRamiConfig`, `altriRamiDocs` and `altriRamiRevenue`; fideiussioni has only `fideiussioniConfig`, which holds
 * its documents and commission too.
 */
export const ZFideiussioniConfig = ZRcaConfig.extend({ docs: ZRcaDocs, revenue: ZRcaRevenue });
export type TFideiussioniConfig = z.infer<typeof ZFideiussioniConfig>;

export const CATEGORIES_MSG = {
  nameRequired: 'Indica il nome della categoria (al massimo 60 caratteri).',
  nameDuplicate: 'Categoria ripetuta: ogni categoria deve avere un nome diverso.',
  tooMany: 'Al massimo 50 categorie.',
  none: 'Indica almeno una categoria.',
} as const;

/** The altri rami categories as stored (`altriRamiCategories`): Italian names, each once (case and spaces aside). */
export const ZAltriRamiCategories = z
  .array(zText({ error: CATEGORIES_MSG.nameRequired }).trim().min(1, { error: CATEGORIES_MSG.nameRequired }).max(60, { error: CATEGORIES_MSG.nameRequired }))
  .min(1, { error: CATEGORIES_MSG.none })
  .max(50, { error: CATEGORIES_MSG.tooMany })
  .superRefine((names, ctx) => {
    const seen = new Set<string>();
    names.forEach((name, index) => {
      const normal = name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('it');
      if (seen.has(normal)) ctx.addIssue({ code: 'custom', path: [index], message: CATEGORIES_MSG.nameDuplicate });
      seen.add(normal);
    });
  });

/** The altri rami blocks (spec section 3 keys), with their defaults: see ALTRI_RAMI_SETTINGS_DEFAULTS. */
export const ALTRI_RAMI_SETTING_SCHEMAS = {
  altriRamiConfig: ZRcaConfig,
  altriRamiDocs: ZRcaDocs,
  altriRamiRevenue: ZRcaRevenue,
  altriRamiCategories: ZAltriRamiCategories,
} as const;

/** The fideiussioni block: one key holding its documents and commission too (spec section 3). */
export const FIDEIUSSIONI_SETTING_SCHEMAS = { fideiussioniConfig: ZFideiussioniConfig } as const;

const IDENTITY_DOC = { docType: 'identity_document', label: 'Documento d’identità del contraente', required: true };
const TAX_CODE_DOC = { docType: 'tax_code', label: 'Codice fiscale del contraente', required: true };

/**
 * Altri rami asks for the contraente's identity and tax code (the policy in force and the risk's own papers
 * optional), 15% commission (published non-motor rates are higher than motor ones; the admin sets the agreed one).
 */
export const ALTRI_RAMI_SETTINGS_DEFAULTS: { [K in keyof typeof ALTRI_RAMI_SETTING_SCHEMAS]: z.infer<(typeof ALTRI_RAMI_SETTING_SCHEMAS)[K]> } = {
  altriRamiConfig: { quotationValidityDays: 30, paymentDueDays: 7 },
  altriRamiDocs: [IDENTITY_DOC, TAX_CODE_DOC, { docType: 'current_policy', label: 'Polizza in corso', required: false }, { docType: 'risk_documents', label: 'Documentazione del rischio', required: false }],
  altriRamiRevenue: { percentBp: 1500, fixedCents: 0 },
  altriRamiCategories: ['Casa', 'Infortuni', 'RC professionale', 'Viaggio', 'Salute', 'RC generale'],
};

/**
 * A surety asks for the contractor's company register extract and the tender notice or contract it guarantees (the
 * insurer assesses the contractor on them: balance sheets optional), 10% commission.
 */
export const FIDEIUSSIONI_SETTINGS_DEFAULTS: { fideiussioniConfig: TFideiussioniConfig } = {
  fideiussioniConfig: {
    quotationValidityDays: 30,
    paymentDueDays: 7,
    docs: [
      { docType: 'identity_document', label: 'Documento d’identità del legale rappresentante', required: true },
      { docType: 'company_register', label: 'Visura camerale', required: true },
      { docType: 'tender_notice', label: 'Bando di gara o contratto garantito', required: true },
      { docType: 'balance_sheets', label: 'Ultimi due bilanci', required: false },
    ],
    revenue: { percentBp: 1000, fixedCents: 0 },
  },
};

export const isRcaSettingKey = (key: string): key is TRcaSettingKey => Object.hasOwn(RCA_SETTING_SCHEMAS, key);

/** The first problem of a value for one RC Auto key, with its path inside the value, or null when it is valid. */
export const rcaSettingIssue = (key: TRcaSettingKey, value: unknown): { path: PropertyKey[]; message: string } | null => {
  const checked = RCA_SETTING_SCHEMAS[key].safeParse(value);
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  return { path: issue.path, message: issue.message };
};

/** A stored RC Auto value as the platform reads it: checked, else the default (a value stored before the check). */
export const readRcaSetting = <K extends TRcaSettingKey>(key: K, stored: unknown): TRcaSettings[K] => {
  const checked = RCA_SETTING_SCHEMAS[key].safeParse(stored);
  return (checked.success ? checked.data : RCA_SETTINGS_DEFAULTS[key]) as TRcaSettings[K];
};

/** What the engine reads of an insurance sector's settings: quotation validity, payment due days, documents, commission. */
export type TInsuranceRules = TRcaConfig & { docs: TRcaDocs; revenue: TRcaRevenue };

/** The commission on a premium: percentBp of it (rounded half up to the cent) plus the fixed amount. */
export const rcaCommissionCents = (revenue: TRcaRevenue, premiumCents: number): number => Math.round((premiumCents * revenue.percentBp) / 10_000) + revenue.fixedCents;

/** Cover runs on for 15 days after an RC Auto policy's expiry (art. 170-bis Codice delle assicurazioni private). */
export const RCA_GRACE_DAYS = 15;

/** An ISO date moved by whole days (UTC calendar arithmetic). */
export const addDaysIso = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

