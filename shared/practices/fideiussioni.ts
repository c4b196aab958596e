import { z } from 'zod';
import { decodePersonCf } from '../rules/client-record';
import { zOptionalText, zRequiredText, zText } from '../schemas/common';
import { SECTORS, type TInsuranceState } from '../sectors';
import { isValidCompanyCf } from '../validation/codice-fiscale';
import { normalizeEmail, normalizeTaxCode } from '../validation/normalize';
import type { TSectorDefinition } from './definition';
import { FIDEIUSSIONI_QUESTIONNAIRE } from './questionnaire';
import { INSURANCE_STATE_RULES, POLICY_DOC, insuranceTransitions, type TPolicyDuration } from './insurance';
import { MAX_INSURED_CENTS, QUOTATION_MSG, ZInsuredQuotationInput, formatEuroCents, insuredQuotationExample, isIsoDate, zCents, zIsoDate } from './quotation';
import { FIDEIUSSIONI_SETTING_SCHEMAS, FIDEIUSSIONI_SETTINGS_DEFAULTS } from './rca-settings';

/**
 * How long a bond may last (issue 26 point 4): it follows the guaranteed obligation (a lease, a contract's works,
 * a tax instalment plan), ten years at most.
 */
export const FIDEIUSSIONI_POLICY_DURATION: TPolicyDuration = { maxPolicyMonths: 120 };

/**
 * Fideiussioni (surety bonds): the request's data and the sector definition the practice engine runs. The
 * contractor (the party whose obligation is guaranteed) is the practice's client, the guarantor the insurer that
 * issues the bond, the beneficiary the party the bond protects (a contracting authority, a landlord, the customs...).
 */

/**
 * The provisional guarantee of a public tender: 2% of the procedure's total value, which the contracting authority
 * may reduce to 1% or raise to at most 4% (D.Lgs. 31 marzo 2023 n. 36, Codice dei contratti pubblici, art. 106
 * c. 1). Source: text of art. 106 (codiceappalti.it, Brocardi.it "Nuovo Codice Appalti" updated 21/05/2025);
 * checked on 2026-11-23. A provisional bond above 4% of the contract value is refused.
 */
export const TENDER_PROVISIONAL_MAX_PERCENT = 4;

export const FIDEIUSSIONI_MSG = {
  kindInvalid: 'Seleziona il tipo di fideiussione.',
  beneficiaryRequired: 'Indica il beneficiario della garanzia.',
  beneficiaryTaxCodeInvalid: 'Inserisci il codice fiscale (16 caratteri) o la partita IVA (11 cifre) del beneficiario.',
  pecInvalid: 'Inserisci un indirizzo PEC valido.',
  guaranteedInvalid: 'Importo garantito non valido: indicalo in centesimi, un importo positivo.',
  contractValueInvalid: 'Valore del contratto non valido: indicalo in centesimi.',
  contractValueRequired: 'Per questo tipo di fideiussione indica il valore del contratto (o l’importo a base di gara).',
  cigInvalid: 'CIG non valido: 10 caratteri, lettere e cifre.',
  cigRequired: 'Per una gara d’appalto indica il CIG (Codice Identificativo Gara).',
  tenderObjectRequired: 'Per una gara d’appalto indica l’oggetto della gara.',
  endBeforeStart: 'La scadenza della garanzia deve essere successiva alla decorrenza.',
  obligationInvalid: 'Descrivi l’obbligazione garantita (da 10 a 2000 caratteri).',
  provisionalAboveMax: (maxCents: number) =>
    `La cauzione provvisoria non può superare il ${TENDER_PROVISIONAL_MAX_PERCENT}% del valore della gara (D.Lgs. 36/2023, art. 106): al massimo ${formatEuroCents(maxCents)}.`,
} as const;

/** The kinds of bond, with their Italian labels, in the order of the request form. */
export const FIDEIUSSIONE_KINDS = {
  tenderProvisional: 'Cauzione provvisoria (gara d’appalto)',
  tenderFinal: 'Cauzione definitiva (appalto)',
  advancePayment: 'Anticipazione contrattuale',
  finalInstalment: 'Rata di saldo',
  customs: 'Doganale',
  rent: 'Locazione',
  vatRefund: 'Rimborso IVA',
  taxRefund: 'Rimborsi e compensazioni d’imposta',
  urbanisation: 'Oneri di urbanizzazione',
  other: 'Altro',
} as const;
export type TFideiussioneKind = keyof typeof FIDEIUSSIONE_KINDS;
export const FIDEIUSSIONE_KIND_CODES = Object.keys(FIDEIUSSIONE_KINDS) as [TFideiussioneKind, ...TFideiussioneKind[]];

/** The kinds of a public tender: they need the CIG and the tender's object. */
export const TENDER_KINDS: readonly TFideiussioneKind[] = ['tenderProvisional', 'tenderFinal'];
/** The kinds measured on a contract: they need its value. */
export const CONTRACT_VALUE_KINDS: readonly TFideiussioneKind[] = ['tenderProvisional', 'tenderFinal', 'advancePayment', 'finalInstalment'];

export const isTenderKind = (kind: unknown): boolean => (TENDER_KINDS as readonly unknown[]).includes(kind);
export const needsContractValue = (kind: unknown): boolean => (CONTRACT_VALUE_KINDS as readonly unknown[]).includes(kind);

/** The highest provisional bond for a contract value, in cents (4%, rounded down to the cent). */
export const maxProvisionalCents = (contractValueCents: number): number => Math.floor((contractValueCents * TENDER_PROVISIONAL_MAX_PERCENT) / 100);

/** The CIG as written on tender documents: upper case, no blanks. */
export const normalizeCig = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** The party the bond protects: a person (codice fiscale) or an entity (11-digit partita IVA or codice fiscale). */
export const ZFideiussioneBeneficiary = z.object(
  {
    name: zRequiredText(200),
    taxCode: zText({ error: FIDEIUSSIONI_MSG.beneficiaryTaxCodeInvalid })
      .trim()
      .transform(normalizeTaxCode)
      .refine((value) => decodePersonCf(value) !== null || isValidCompanyCf(value), { error: FIDEIUSSIONI_MSG.beneficiaryTaxCodeInvalid }),
    /** Certified e-mail (PEC) of the beneficiary, where the bond is sent; empty when unknown. */
    pec: zOptionalText(254)
      .transform(normalizeEmail)
      .refine((value) => value === '' || z.email().safeParse(value).success, { error: FIDEIUSSIONI_MSG.pecInvalid }),
  },
  { error: FIDEIUSSIONI_MSG.beneficiaryRequired },
);

const ZFideiussioniShape = z.object({
  kind: z.enum(FIDEIUSSIONE_KIND_CODES, { error: FIDEIUSSIONI_MSG.kindInvalid }),
  beneficiary: ZFideiussioneBeneficiary,
  /** The amount the bond guarantees, in integer cents. */
  guaranteedCents: z
    .number({ error: FIDEIUSSIONI_MSG.guaranteedInvalid })
    .int({ error: FIDEIUSSIONI_MSG.guaranteedInvalid })
    .positive({ error: FIDEIUSSIONI_MSG.guaranteedInvalid })
    .max(MAX_INSURED_CENTS, { error: QUOTATION_MSG.amountTooHigh }),
  /** The value of the underlying contract (for a tender, the procedure's total value), in cents; null when none. */
  contractValueCents: zCents(FIDEIUSSIONI_MSG.contractValueInvalid)
    .nullish()
    .transform((value) => value ?? null),
  /** Codice Identificativo Gara of a public tender (ANAC), normalised; empty for other kinds. */
  cig: zOptionalText(20)
    .transform(normalizeCig)
    .refine((value) => value === '' || /^[A-Z0-9]{10}$/.test(value), { error: FIDEIUSSIONI_MSG.cigInvalid }),
  /** The tender's object, as the call for tenders names it. */
  tenderObject: zOptionalText(500),
  startDate: zIsoDate(),
  endDate: zIsoDate(),
  /** The obligation guaranteed, in the corner's words. */
  obligation: zText({ error: FIDEIUSSIONI_MSG.obligationInvalid })
    .trim()
    .min(10, { error: FIDEIUSSIONI_MSG.obligationInvalid })
    .max(2000, { error: FIDEIUSSIONI_MSG.obligationInvalid }),
  notes: zOptionalText(2000),
});

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const asText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const asCents = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

/**
 * The rules across fields, reported on the field to correct; they run even when other fields failed (so a form
 * shows every problem at once), each only over the fields it reads that hold the expected kind of value.
 */
const fideiussioniCrossFieldRules = (value: unknown, ctx: z.RefinementCtx) => {
  const data = asObject(value);
  if (!data) return;
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const kind = data.kind;
  if (needsContractValue(kind) && data.contractValueCents == null) issue(['contractValueCents'], FIDEIUSSIONI_MSG.contractValueRequired);
  if (isTenderKind(kind)) {
    if (normalizeCig(asText(data.cig)) === '') issue(['cig'], FIDEIUSSIONI_MSG.cigRequired);
    if (asText(data.tenderObject) === '') issue(['tenderObject'], FIDEIUSSIONI_MSG.tenderObjectRequired);
  }
  const guaranteed = asCents(data.guaranteedCents);
  const contractValue = asCents(data.contractValueCents);
  if (kind === 'tenderProvisional' && guaranteed !== undefined && contractValue !== undefined && guaranteed > maxProvisionalCents(contractValue)) {
    issue(['guaranteedCents'], FIDEIUSSIONI_MSG.provisionalAboveMax(maxProvisionalCents(contractValue)));
  }
  const start = asText(data.startDate);
  const end = asText(data.endDate);
  if (isIsoDate(start) && isIsoDate(end) && end <= start) issue(['endDate'], FIDEIUSSIONI_MSG.endBeforeStart);
};

/** The data of a fideiussioni practice (create and every change; Italian messages). */
export const ZFideiussioniData = ZFideiussioniShape.superRefine(fideiussioniCrossFieldRules, { when: (payload) => asObject(payload.value) !== undefined });
export type TFideiussioniData = z.output<typeof ZFideiussioniData>;
export type TFideiussioniDataInput = z.input<typeof ZFideiussioniData>;

/** A valid request: the provisional bond (2%) of a municipality's tender for road maintenance, valid 180 days. */
const FIDEIUSSIONI_EXAMPLE: TFideiussioniData = {
  kind: 'tenderProvisional',
  beneficiary: { name: 'Comune di Milano', taxCode: '01199250158', pec: 'protocollo@postacert.comune.milano.it' },
  guaranteedCents: 500_000,
  contractValueCents: 25_000_000,
  cig: 'A0123BC45D',
  tenderObject: 'Manutenzione ordinaria delle strade comunali, biennio 2027-2028',
  startDate: '2027-01-15',
  endDate: '2027-07-14',
  obligation: 'Garanzia dell’offerta nella procedura aperta: copre la mancata sottoscrizione del contratto per fatto dell’offerente.',
  notes: '',
};

export const fideiussioniDefinition: TSectorDefinition<TFideiussioniData, TInsuranceState, typeof FIDEIUSSIONI_SETTING_SCHEMAS, 'fideiussioni'> = {
  sector: 'fideiussioni',
  kind: 'insurance',
  settings: { schemas: FIDEIUSSIONI_SETTING_SCHEMAS, defaults: FIDEIUSSIONI_SETTINGS_DEFAULTS },
  insurance: {
    rules: (values) => values.fideiussioniConfig,
    product: (data: TFideiussioniData) => `la fideiussione (${FIDEIUSSIONE_KINDS[data.kind].toLocaleLowerCase('it')})`,
    subjectLabel: 'Garanzia',
    questionnaire: FIDEIUSSIONI_QUESTIONNAIRE,
    policyDocs: [POLICY_DOC],
  },
  data: ZFideiussioniData,
  states: SECTORS.fideiussioni.states,
  ...INSURANCE_STATE_RULES,
  transitions: insuranceTransitions('f_emission', {
    policyNumber: 'FID-2027-000789',
    policyMonths: 6,
    refuseReason: 'La compagnia non concede l’affidamento al contraente.',
    backReason: 'Il beneficiario chiede un testo di garanzia diverso.',
  }, FIDEIUSSIONI_POLICY_DURATION),
  events: {
    create: 'f_create',
    update: 'f_update',
    history: 'f_history',
    newQuotation: 'f_newquotation',
    updateQuotation: 'f_updatequotation',
  },
  title: (data) => [FIDEIUSSIONE_KINDS[data.kind], data.beneficiary.name].filter(Boolean).join(' · '),
  searchText: (data) =>
    [FIDEIUSSIONE_KINDS[data.kind], data.beneficiary.name, data.beneficiary.taxCode, data.cig, data.tenderObject].filter(Boolean).join(' '),
  example: FIDEIUSSIONI_EXAMPLE,
  quotation: { input: ZInsuredQuotationInput, example: () => insuredQuotationExample(FIDEIUSSIONI_EXAMPLE.guaranteedCents), limits: 'insured' },
};
