import { z } from 'zod';
import { decodePersonCf } from '../rules/client-record';
import { zOptionalText, zRequiredText, zText } from '../schemas/common';
import type { TUtilityState } from '../sectors';
import { isValidCompanyCf } from '../validation/codice-fiscale';
import { normalizeTaxCode } from '../validation/normalize';
import { ibanError, normalizeIban, normalizeSupplyCode, pdrError, podError } from '../validation/utilities';
import type { TTransitionDefinition } from './definition';
import { ZOfferSnapshot } from './utility-offers';
import { todayInItaly } from '../rules/italian-day';
import { isIsoDate, zIsoDate } from './quotation';

/**
 * What the two utility sectors (luce e gas, GPL) share on the engine (issue 16): the states of SECTORS (submitted,
 * processing, activated, rejected, ceased), the five transitions, the supply address, the offer, the SEPA mandate
 * and the checked identifiers (POD, PDR, IBAN). Submitting a request needs the corner's signed contract; the corner
 * fixes a rejected request and sends it again.
 */

export const UTILITY_MSG = {
  postcodeInvalid: 'CAP non valido: 5 cifre (es. 20121).',
  provinceInvalid: 'Sigla della provincia non valida (2 lettere, es. MI).',
  reasonTooShort: 'Indica il motivo (almeno 5 caratteri).',
  reasonTooLong: 'Massimo 2000 caratteri.',
  holderNameRequired: 'Inserisci il nome e cognome o la ragione sociale dell’intestatario del conto.',
  holderTaxCodeRequired: 'Inserisci il codice fiscale dell’intestatario del conto.',
  holderTaxCodeInvalid: 'Codice fiscale dell’intestatario non valido: 16 caratteri per una persona, 11 cifre per una società.',
  booleanInvalid: 'Valore non valido.',
  addressRequired: 'Inserisci l’indirizzo della fornitura.',
  sepaRequired: 'Inserisci l’IBAN per l’addebito diretto.',
  activationInFuture: 'La data di attivazione non può essere futura.',
  activationBeforeRequest: 'La data di attivazione non può precedere la richiesta.',
  endBeforeActivation: 'La data di cessazione non può precedere l’attivazione.',
} as const;

export const keysOf = <T extends object>(record: T) => Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

export const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
export const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A text checked by one of shared/validation/utilities.ts (normalised first, the check's own Italian message). */
const zChecked = (normalize: (value: string) => string, check: (value: string) => string | null) =>
  zText({ error: check('') ?? undefined })
    .transform(normalize)
    .superRefine((value, ctx) => {
      const message = check(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** An electricity meter's POD, normalised (upper case, no blanks). */
export const zPod = () => zChecked(normalizeSupplyCode, podError);
/** A gas meter's PDR, normalised (no blanks). */
export const zPdr = () => zChecked(normalizeSupplyCode, pdrError);
/** An IBAN in electronic format, checked by ISO 13616 (country, length, mod 97). */
export const zIban = () => zChecked(normalizeIban, ibanError);

/** A positive whole quantity (kWh, Smc, litres) with its Italian message. */
export const zPositiveInt = (message: string) => z.number({ error: message }).int({ error: message }).positive({ error: message }).max(100_000_000, { error: message });

export const zBoolean = () => z.boolean({ error: UTILITY_MSG.booleanInvalid });

/** Where the supply is delivered. */
export const ZSupplyAddress = z.object(
  {
    street: zRequiredText(200),
    streetNumber: zRequiredText(20),
    postcode: zText({ error: UTILITY_MSG.postcodeInvalid }).trim().regex(/^\d{5}$/, { error: UTILITY_MSG.postcodeInvalid }),
    comune: zRequiredText(100),
    province: zText({ error: UTILITY_MSG.provinceInvalid })
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, { error: UTILITY_MSG.provinceInvalid })),
  },
  { error: UTILITY_MSG.addressRequired },
);
export type TSupplyAddress = z.output<typeof ZSupplyAddress>;

/**
 * The offer chosen from the admin's catalogue (`luceGasConfig`, `gplConfig`): the client sends its code, the server
 * keeps a snapshot of it (supplier, name, commission, clawback, documents) taken from the catalogue.
 */
export const ZUtilityOffer = ZOfferSnapshot;

/**
 * The SEPA direct debit mandate: the IBAN and, when the account is not the client's, its holder (a person's
 * codice fiscale or a company's 11 digits).
 */
export const ZSepa = z
  .object(
    {
      iban: zIban(),
      holderName: zOptionalText(200),
      holderTaxCode: zOptionalText(20).transform(normalizeTaxCode),
    },
    { error: UTILITY_MSG.sepaRequired },
  )
  .superRefine(
    (value, ctx) => {
      const holderName = (asString(value.holderName) ?? '').trim();
      const holderTaxCode = normalizeTaxCode(asString(value.holderTaxCode) ?? '');
      if (holderTaxCode !== '' && decodePersonCf(holderTaxCode) === null && !isValidCompanyCf(holderTaxCode)) {
        ctx.addIssue({ code: 'custom', path: ['holderTaxCode'], message: UTILITY_MSG.holderTaxCodeInvalid });
      }
      if (holderName !== '' && holderTaxCode === '') ctx.addIssue({ code: 'custom', path: ['holderTaxCode'], message: UTILITY_MSG.holderTaxCodeRequired });
      if (holderName === '' && holderTaxCode !== '') ctx.addIssue({ code: 'custom', path: ['holderName'], message: UTILITY_MSG.holderNameRequired });
    },
    { when: (payload) => asObject(payload.value) !== undefined },
  );
export type TSepa = z.output<typeof ZSepa>;

/** Payloads of the utility transitions. */
export const ZNoPayload = z.object({});
/**
 * An activation happened (issue 26 point 11): its date is not in the future, in Italy's calendar (the commission is
 * booked on activation). The engine also refuses one before the request was created.
 */
export const ZActivatePayload = z.object({ activationDate: zIsoDate().refine((value) => !isIsoDate(value) || value <= todayInItaly(), { error: UTILITY_MSG.activationInFuture }) });
export const ZRejectPayload = z.object({
  reason: zText({ error: UTILITY_MSG.reasonTooShort }).trim().min(5, { error: UTILITY_MSG.reasonTooShort }).max(2000, { error: UTILITY_MSG.reasonTooLong }),
});
export const ZCeasePayload = z.object({ endDate: zIsoDate(), reason: zOptionalText(2000) });

/** Italian texts of the examples, per sector (what an integrator reads on the schema endpoint). */
type TUtilityExamples = { rejectReason: string; endDate: string; ceaseReason: string };

/**
 * The five transitions of a utility sector: the broker who took the request works it, activates it (with the date)
 * or rejects it with a reason the corner reads; the corner fixes the data and sends it again (signed contract);
 * an active supply ends (ceased, with its end date). No notification besides create and update (spec section 3).
 */
export const utilityTransitions = (examples: TUtilityExamples): TTransitionDefinition<TUtilityState>[] => [
  // The offer's documents (the last bill, the identity document...) must be on the practice before the work starts.
  { name: 'startWork', label: 'Prendi in lavorazione', from: ['submitted'], to: 'processing', roles: ['broker'], requires: ['takenByActor', 'requiredDocuments'], effects: [], payload: ZNoPayload, example: {} },
  {
    name: 'activate',
    label: 'Segna come attivata',
    from: ['processing'],
    to: 'activated',
    roles: ['broker'],
    requires: ['takenByActor'],
    effects: ['startSupply'],
    payload: ZActivatePayload,
    // A getter: activated today (in Italy) whenever the example is read, never in the future.
    get example() {
      return { activationDate: todayInItaly() };
    },
  },
  {
    name: 'reject',
    label: 'Respingi',
    from: ['submitted', 'processing'],
    to: 'rejected',
    roles: ['broker'],
    requires: ['takenByActor'],
    effects: ['recordReason'],
    payload: ZRejectPayload,
    example: { reason: examples.rejectReason },
  },
  { name: 'resubmit', label: 'Invia di nuovo', from: ['rejected'], to: 'submitted', roles: ['corner'], requires: ['signedContract'], effects: ['resubmit'], payload: ZNoPayload, example: {} },
  {
    name: 'cease',
    label: 'Segna come cessata',
    from: ['activated'],
    to: 'ceased',
    roles: ['broker'],
    requires: ['takenByActor'],
    effects: ['endSupply'],
    payload: ZCeasePayload,
    example: { endDate: examples.endDate, reason: examples.ceaseReason },
  },
];

/** The state fields every utility definition shares (creating a request needs the signed contract). */
export const UTILITY_STATE_RULES = {
  initial: 'submitted',
  final: ['ceased'],
  editableIn: ['submitted', 'rejected'],
  createRequires: ['signedContract'],
} as const satisfies { initial: TUtilityState; final: readonly TUtilityState[]; editableIn: readonly TUtilityState[]; createRequires: readonly 'signedContract'[] };

/** "Via Roma 10, 20121 Milano (MI)". */
export const formatSupplyAddress = (address: TSupplyAddress): string =>
  `${[address.street, address.streetNumber].filter(Boolean).join(' ')}, ${[address.postcode, address.comune].filter(Boolean).join(' ')} (${address.province})`;
