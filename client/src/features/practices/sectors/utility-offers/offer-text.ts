import {
  CUSTOMER_KINDS,
  OFFER_MSG,
  PRICE_KINDS,
  offerFitIssue,
  offerLabel,
  type TOfferFitSubject,
  type TUtilityOfferEntry,
} from '../../../../../../shared/practices/utility-offers';
import { formatCents } from '../../../../lib/format';

/**
 * What the request forms say of a catalogue offer: its option, the line of its terms (price, customer, the corner's
 * commission and its clawback, the LPG contract terms), the documents it needs, and whether the chosen one still
 * fits the supply.
 */

/** The offer a form holds: its code (what is sent), supplier and name (shown until the catalogue loads). */
export type TOfferFormValue = { id: string; supplier: string; name: string };

export const EMPTY_OFFER: TOfferFormValue = { id: '', supplier: '', name: '' };

export const NO_OFFER_FITS = 'Nessuna offerta del catalogo per questa fornitura: chiedi all’amministratore.';

/** "stornata se la fornitura cessa entro 12 mesi" (or never taken back). */
const clawbackText = (months: number) => (months > 0 ? `stornata se la fornitura cessa entro ${months} ${months === 1 ? 'mese' : 'mesi'}` : 'nessuno storno');

/** The LPG contract terms: supply months, the tank's loan or rent and its buy-out, the removal at the supplier's cost. */
const lpgTermsText = (offer: TUtilityOfferEntry): string[] => {
  const terms = offer.lpgTerms;
  if (!terms) return [];
  return [
    `fornitura ${terms.supplyMonths} mesi`,
    terms.tankMonths === null ? 'serbatoio non incluso' : `comodato/noleggio ${terms.tankMonths} mesi`,
    ...(terms.tankBuyoutCents === null ? [] : [`riscatto ${formatCents(terms.tankBuyoutCents)}`]),
    ...(terms.removalAtLenderCost ? ['rimozione a carico del fornitore'] : []),
  ];
};

/** "Prezzo fisso · Domestico residente · provvigione 90,00 € (stornata se la fornitura cessa entro 12 mesi)". */
export const offerTermsText = (offer: TUtilityOfferEntry): string =>
  [
    PRICE_KINDS[offer.priceKind],
    CUSTOMER_KINDS[offer.customerKind],
    `provvigione ${formatCents(offer.commissionCents)} (${clawbackText(offer.clawbackMonths)})`,
    ...lpgTermsText(offer),
  ].join(' · ');

/** "Documenti richiesti: Ultima bolletta, Documento d’identità del cliente" (the optional ones marked). */
export const offerDocsText = (offer: Pick<TUtilityOfferEntry, 'docs'>): string | null =>
  offer.docs.length === 0 ? null : `Documenti richiesti: ${offer.docs.map((doc) => (doc.required ? doc.label : `${doc.label} (facoltativo)`)).join(', ')}.`;

/** The options of the catalogue that fit the supply, labelled "Fornitore · Nome". */
export const fittingOffers = (offers: readonly TUtilityOfferEntry[], subject: TOfferFitSubject) => offers.filter((offer) => offerFitIssue(offer, subject) === null);

export const offerOption = (offer: TUtilityOfferEntry) => ({ value: offer.id, label: offerLabel(offer) });

/** The form value of a catalogue offer. */
export const toOfferFormValue = (offer: TUtilityOfferEntry): TOfferFormValue => ({ id: offer.id, supplier: offer.supplier, name: offer.name });

/**
 * Why the chosen offer cannot stay once the supply changed or the catalogue loaded: it no longer fits (its reason)
 * or it is not in today's catalogue; null when it stays (or none is chosen).
 */
export const chosenOfferIssue = (chosenId: string, offers: readonly TUtilityOfferEntry[], subject: TOfferFitSubject): string | null => {
  if (chosenId === '') return null;
  const offer = offers.find((entry) => entry.id === chosenId);
  if (!offer) return OFFER_MSG.offerUnknown;
  return offerFitIssue(offer, subject);
};
