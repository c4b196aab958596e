import { z } from 'zod';
import { zRequiredText, zText } from '../schemas/common';
import type { TInsuranceState } from '../sectors';
import type { TTransitionDefinition } from './definition';
import { todayInItaly } from '../rules/italian-day';
import { addDaysIso } from './rca-settings';
import { isIsoDate, zIsoDate } from './quotation';
import { addMonthsIso } from './utility-offers';

/**
 * What the three insurance sectors (RC Auto, altri rami, fideiussioni) share on the engine (design "Practices"):
 * the spec's four states and the same four transitions, from the quote request to the issued policy (or bond).
 * Each sector's definition takes them with its own emission event (`rca_emission`, `ar_emission`, `f_emission`).
 */

export const INSURANCE_MSG = {
  reasonTooShort: 'Indica il motivo (almeno 5 caratteri).',
  quotationRequired: 'Seleziona il preventivo.',
  expiryBeforeEffective: 'La scadenza deve essere successiva alla decorrenza.',
  effectiveOutOfRange: 'La decorrenza deve essere compresa tra un anno fa e un anno da oggi.',
  expiryTooFar: (months: number) =>
    `La durata della polizza non può superare ${months === 12 ? 'un anno' : months % 12 === 0 ? `${months / 12} anni` : `${months} mesi`}.`,
} as const;

/**
 * How long a sector's policy may last (issue 26 point 4), from its effective date: `maxPolicyMonths` months plus
 * `extraDays` days (RC Auto: a yearly contract, art. 170-bis Codice delle assicurazioni private, with a few days of
 * pro-rata to align the expiry; altri rami and fideiussioni: multi-year policies and bonds, at most ten years).
 */
export type TPolicyDuration = { maxPolicyMonths: number; extraDays?: number };

/** The latest expiry a policy starting on `effectiveDate` may have. */
export const latestExpiry = (effectiveDate: string, duration: TPolicyDuration): string =>
  addDaysIso(addMonthsIso(effectiveDate, duration.maxPolicyMonths), duration.extraDays ?? 0);

/**
 * The issue's payload for a sector: a policy starts near today (from one year back, a policy issued late for a
 * cover already running, to one year ahead, in Italy's calendar) and ends after it starts, within the sector's
 * duration (`TPolicyDuration`). Italian messages on the field.
 */
export const emitPayloadFor = (duration: TPolicyDuration) =>
  z
    .object({ policyNumber: zRequiredText(50), effectiveDate: zIsoDate(), expiryDate: zIsoDate() })
    .superRefine((value, ctx) => {
      if (!isIsoDate(value.effectiveDate) || !isIsoDate(value.expiryDate)) return;
      const today = todayInItaly();
      if (value.effectiveDate < addDaysIso(today, -366) || value.effectiveDate > addDaysIso(today, 366)) {
        ctx.addIssue({ code: 'custom', path: ['effectiveDate'], message: INSURANCE_MSG.effectiveOutOfRange });
      }
      if (value.expiryDate <= value.effectiveDate) ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: INSURANCE_MSG.expiryBeforeEffective });
      else if (value.expiryDate > latestExpiry(value.effectiveDate, duration)) {
        ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: INSURANCE_MSG.expiryTooFar(duration.maxPolicyMonths) });
      }
    });

/** Payloads of the insurance transitions. */
export const ZAskEmissionPayload = z.object({ quotationId: z.uuid({ error: INSURANCE_MSG.quotationRequired }) });
/** The issue's payload with the widest duration any insurance sector allows (ten years). */
export const ZEmitPayload = emitPayloadFor({ maxPolicyMonths: 120 });
export const ZReasonPayload = z.object({
  reason: zText({ error: INSURANCE_MSG.reasonTooShort }).trim().min(5, { error: INSURANCE_MSG.reasonTooShort }).max(2000, { error: 'Massimo 2000 caratteri.' }),
});

/** Italian texts of the examples, per sector (what an integrator reads on the schema endpoint). */
type TInsuranceExamples = { refuseReason: string; backReason: string; policyNumber: string; policyMonths: number };

/**
 * The four transitions of an insurance sector: the corner asks for issue with the chosen quotation (signed contract,
 * chosen quotation, the pre-contract pack when the sector's setting asks for it, the required documents), the
 * broker who has the practice issues it (`<prefix>_emission`) or refuses it with a reason, and either side sends
 * a request for issue back to quotation with a reason.
 */
export const insuranceTransitions = (emissionEvent: string, examples: TInsuranceExamples, duration: TPolicyDuration): TTransitionDefinition<TInsuranceState>[] => [
  {
    name: 'askEmission',
    label: 'Richiedi emissione',
    from: ['quotating'],
    to: 'askEmission',
    roles: ['corner'],
    requires: ['signedContract', 'chosenQuotation', 'precontractSigned', 'requiredDocuments'],
    effects: ['requestPayment'],
    payload: ZAskEmissionPayload,
    example: { quotationId: '0b8f5a7e-3c2d-4e1f-9a6b-5c4d3e2f1a0b' },
  },
  {
    name: 'emit',
    label: 'Emetti polizza',
    from: ['askEmission'],
    to: 'emitted',
    roles: ['broker'],
    requires: ['takenByActor', 'policyDocuments'],
    effects: ['issuePolicy'],
    payload: emitPayloadFor(duration),
    // A getter: the policy starts today (in Italy) whenever the example is read, so it stays within the bounds.
    get example() {
      const effectiveDate = todayInItaly();
      return { policyNumber: examples.policyNumber, effectiveDate, expiryDate: addMonthsIso(effectiveDate, examples.policyMonths) };
    },
    event: emissionEvent,
  },
  {
    name: 'refuse',
    label: 'Non emettere',
    from: ['askEmission', 'quotating'],
    to: 'notEmitted',
    roles: ['broker'],
    requires: ['takenByActor'],
    // Refused after the request for issue: the premium asked for is no longer owed.
    effects: ['withdrawPayment', 'recordReason'],
    payload: ZReasonPayload,
    example: { reason: examples.refuseReason },
  },
  {
    name: 'backToQuotation',
    label: 'Riporta in quotazione',
    from: ['askEmission'],
    to: 'quotating',
    roles: ['corner', 'broker'],
    requires: [],
    effects: ['withdrawPayment', 'recordReason'],
    payload: ZReasonPayload,
    example: { reason: examples.backReason },
  },
];

/** The issued policy's document (docType `policy`), which every insurance sector files before issuing. */
export const POLICY_DOC = { docType: 'policy', label: 'Polizza emessa' } as const;

/** The state fields every insurance definition shares. */
export const INSURANCE_STATE_RULES = {
  initial: 'quotating',
  final: ['emitted', 'notEmitted'],
  editableIn: ['quotating'],
} as const satisfies { initial: TInsuranceState; final: readonly TInsuranceState[]; editableIn: readonly TInsuranceState[] };
