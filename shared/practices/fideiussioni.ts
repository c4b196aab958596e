import { z } from 'zod';
import { decodePersonCf } from '../rules/client-record';
import { zOptionalText, zRequiredText, zText } from '../schemas/common';
import { SECTORS, type TInsuranceState } from '../sectors';
import { isValidCompanyCf } from '../validation/codice-fiscale';
import { normalizeEmail, normalizeTaxCode } from '../validation/normalize';
import type { TSectorDefinition } from './definition';
import { ZPracticeProduct, answersSearchText, productNameOf, zPracticeAnswers } from '../products/practice-product';
import { legacySnapshotOf } from '../products/legacy-catalogue';
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
  beneficiaryRequired: 'Indica il beneficiario della garanzia.',
  beneficiaryTaxCodeInvalid: 'Inserisci il codice fiscale (16 caratteri) o la partita IVA (11 cifre) del beneficiario.',
  pecInvalid: 'Inserisci un indirizzo PEC valido.',
  endBeforeStart: 'La scadenza della garanzia deve essere successiva alla decorrenza.',
  obligationInvalid: 'Descrivi l’obbligazione garantita (da 10 a 2000 caratteri).',
} as const;

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
  /** The bond type chosen (issue 29): `{id, version}`; the server fills its name, documents and commission. */
  product: ZPracticeProduct,
  /**
   * The answers to the type's questionnaire, checked by the server against that version: the amount guaranteed
   * (`guaranteedCents`), the contract's value, the CIG and the tender's object where the type asks them.
   */
  answers: zPracticeAnswers(),
  beneficiary: ZFideiussioneBeneficiary,
  startDate: zIsoDate(),
  endDate: zIsoDate(),
  /** The obligation guaranteed, in the corner's words. */
  obligation: zText({ error: FIDEIUSSIONI_MSG.obligationInvalid })
    .trim()
    .min(10, { error: FIDEIUSSIONI_MSG.obligationInvalid })
    .max(2000, { error: FIDEIUSSIONI_MSG.obligationInvalid }),
  notes: zOptionalText(2000),
});

const asText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The guarantee ends after it starts (reported on the end; runs even when other fields failed). */
const fideiussioniCrossFieldRules = (value: unknown, ctx: z.RefinementCtx) => {
  const data = value as Record<string, unknown>;
  const start = asText(data.startDate);
  const end = asText(data.endDate);
  if (isIsoDate(start) && isIsoDate(end) && end <= start) ctx.addIssue({ code: 'custom', path: ['endDate'], message: FIDEIUSSIONI_MSG.endBeforeStart });
};

/** The data of a fideiussioni practice (create and every change; Italian messages). */
export const ZFideiussioniData = ZFideiussioniShape.superRefine(fideiussioniCrossFieldRules, {
  when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
});
export type TFideiussioniData = z.output<typeof ZFideiussioniData>;
export type TFideiussioniDataInput = z.input<typeof ZFideiussioniData>;

/** A valid request: the provisional bond (2%) of a municipality's tender for road maintenance, valid 180 days. */
const FIDEIUSSIONI_EXAMPLE: TFideiussioniData = {
  product: legacySnapshotOf('fideiussioni', 'tenderProvisional'),
  answers: { contractValueCents: 25_000_000, cig: 'A0123BC45D', tenderObject: 'Manutenzione ordinaria delle strade comunali, biennio 2027-2028', guaranteedCents: 500_000 },
  beneficiary: { name: 'Comune di Milano', taxCode: '01199250158', pec: 'protocollo@postacert.comune.milano.it' },
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
    product: (data: TFideiussioniData) => `la fideiussione (${productNameOf(data).toLocaleLowerCase('it')})`,
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
  title: (data) => [productNameOf(data), data.beneficiary.name].filter(Boolean).join(' · '),
  searchText: (data) => [productNameOf(data), data.beneficiary.name, data.beneficiary.taxCode, answersSearchText(data.answers)].filter(Boolean).join(' '),
  example: FIDEIUSSIONI_EXAMPLE,
  quotation: { input: ZInsuredQuotationInput, example: () => insuredQuotationExample(500_000), limits: 'insured' },
};
