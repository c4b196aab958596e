import { z } from 'zod';
import { zRequiredText, zText } from '../schemas/common';
import type { TInsuranceState } from '../sectors';
import type { TTransitionDefinition } from './definition';
import { zIsoDate } from './quotation';

/**
 * What the three insurance sectors (RC Auto, altri rami, fideiussioni) share on the engine (design "Practices"):
 * the spec's four states and the same four transitions, from the quote request to the issued policy (or bond).
 * Each sector's definition takes them with its own emission event (`rca_emission`, `ar_emission`, `f_emission`).
 */

export const INSURANCE_MSG = {
  reasonTooShort: 'Indica il motivo (almeno 5 caratteri).',
  quotationRequired: 'Seleziona il preventivo.',
  expiryBeforeEffective: 'La scadenza deve essere successiva alla decorrenza.',
} as const;

/** Payloads of the insurance transitions. */
export const ZAskEmissionPayload = z.object({ quotationId: z.uuid({ error: INSURANCE_MSG.quotationRequired }) });
export const ZEmitPayload = z
  .object({ policyNumber: zRequiredText(50), effectiveDate: zIsoDate(), expiryDate: zIsoDate() })
  .refine((value) => value.expiryDate > value.effectiveDate, { error: INSURANCE_MSG.expiryBeforeEffective, path: ['expiryDate'] });
export const ZReasonPayload = z.object({
  reason: zText({ error: INSURANCE_MSG.reasonTooShort }).trim().min(5, { error: INSURANCE_MSG.reasonTooShort }).max(2000, { error: 'Massimo 2000 caratteri.' }),
});

/** Italian texts of the examples, per sector (what an integrator reads on the schema endpoint). */
type TInsuranceExamples = { refuseReason: string; backReason: string; policyNumber: string; effectiveDate: string; expiryDate: string };

/**
 * The four transitions of an insurance sector: the corner asks for issue with the chosen quotation (signed contract,
 * chosen quotation, the pre-contract pack when the sector's setting asks for it, the required documents), the
 * broker who has the practice issues it (`<prefix>_emission`) or refuses it with a reason, and either side sends
 * a request for issue back to quotation with a reason.
 */
export const insuranceTransitions = (emissionEvent: string, examples: TInsuranceExamples): TTransitionDefinition<TInsuranceState>[] => [
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
    requires: ['takenByActor'],
    effects: ['issuePolicy'],
    payload: ZEmitPayload,
    example: { policyNumber: examples.policyNumber, effectiveDate: examples.effectiveDate, expiryDate: examples.expiryDate },
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

/** The state fields every insurance definition shares. */
export const INSURANCE_STATE_RULES = {
  initial: 'quotating',
  final: ['emitted', 'notEmitted'],
  editableIn: ['quotating'],
} as const satisfies { initial: TInsuranceState; final: readonly TInsuranceState[]; editableIn: readonly TInsuranceState[] };
