import type { TRcaDoc } from '../../../../../../shared/practices/sector-docs';
import type { TLpgTerms, TUtilityOfferEntry } from '../../../../../../shared/practices/utility-offers';

/**
 * The pure part of the offers editor (`luceGasConfig`, `gplConfig`): a new offer's defaults, the code a new offer
 * takes from its supplier and name (unique in the catalogue), the field paths an offer shows errors on, and which
 * offers stay open after one is removed.
 */

/** Which catalogue an editor keeps: electricity, gas and dual, or LPG. */
export type TOffersCatalogue = 'luceGas' | 'gpl';

/** The longest offer code the schema accepts. */
const ID_MAX = 60;
/** The code of an offer whose supplier and name give none (still empty, or only symbols). */
const FALLBACK_ID = 'nuova-offerta';

/** "Luce Chiara S.p.A." -> "luce-chiara-s-p-a": lower case, accents dropped, anything else a single dash. */
export const slugOf = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const cut = (slug: string, length: number) => slug.slice(0, length).replace(/-+$/, '');

/**
 * The code of a new offer: the slug of its supplier and name (at most 60 characters), with "-2", "-3"... when another
 * offer of the catalogue already has it; "nuova-offerta" while supplier and name give no code.
 */
export const offerIdFor = (supplier: string, name: string, takenIds: Iterable<string>): string => {
  const taken = new Set(takenIds);
  const slug = cut(slugOf(`${supplier} ${name}`), ID_MAX);
  const base = slug.length >= 2 ? slug : FALLBACK_ID;
  if (!taken.has(base)) return base;
  for (let counter = 2; ; counter += 1) {
    const suffix = `-${counter}`;
    const candidate = `${cut(base, ID_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
};

const otherIds = (offers: readonly TUtilityOfferEntry[], index: number) => offers.filter((_, at) => at !== index).map((offer) => offer.id);

const IDENTITY_DOC: TRcaDoc = { docType: 'identity_document', label: 'Documento d’identità del cliente', required: true };
const BILL_DOC: TRcaDoc = { docType: 'last_bill', label: 'Ultima bolletta', required: true };

/** The terms a new LPG offer starts with: a year of supply, no tank lent or rented, removal at the lender's cost. */
export const NEW_LPG_TERMS: TLpgTerms = { supplyMonths: 12, tankMonths: null, tankBuyoutCents: null, removalAtLenderCost: true };

/**
 * A new offer for the catalogue, valid from `today` (ISO) until withdrawn: household resident, fixed price, the
 * identity document (and the last bill for electricity and gas), no commission yet, no clawback. Its code is unique
 * among `offers` and follows supplier and name as the admin types them (`editOffer`).
 */
export const newOffer = (catalogue: TOffersCatalogue, offers: readonly TUtilityOfferEntry[], today: string): TUtilityOfferEntry => ({
  id: offerIdFor('', '', offers.map((offer) => offer.id)),
  supplier: '',
  name: '',
  commodity: catalogue === 'gpl' ? 'lpg' : 'electricity',
  customerKind: 'householdResident',
  priceKind: 'fixed',
  validFrom: today,
  validTo: null,
  docs: catalogue === 'gpl' ? [IDENTITY_DOC] : [BILL_DOC, IDENTITY_DOC],
  commissionCents: 0,
  clawbackMonths: 0,
  lpgTerms: catalogue === 'gpl' ? NEW_LPG_TERMS : null,
});

/**
 * Whether the offer at `index` is one the catalogue already holds (its code is saved and this is the first offer
 * with it: a new offer given a saved code is a repetition, and stays editable to be corrected).
 */
export const isSavedOffer = (offers: readonly TUtilityOfferEntry[], index: number, savedIds: readonly string[]): boolean => {
  const id = offers[index]?.id;
  return id !== undefined && savedIds.includes(id) && offers.findIndex((offer) => offer.id === id) === index;
};

/**
 * The offers with one of them changed. The code of an offer not yet saved (not in `savedIds`) follows its supplier
 * and name as long as the admin has not written one of their own; a saved offer keeps its code, which the
 * practices refer to.
 */
export const editOffer = (offers: readonly TUtilityOfferEntry[], index: number, change: Partial<TUtilityOfferEntry>, savedIds: readonly string[]): TUtilityOfferEntry[] =>
  offers.map((offer, at) => {
    if (at !== index) return offer;
    const edited = { ...offer, ...change };
    if (change.id !== undefined || isSavedOffer(offers, index, savedIds)) return edited;
    const taken = otherIds(offers, index);
    const isDerived = offer.id === offerIdFor(offer.supplier, offer.name, taken);
    return isDerived ? { ...edited, id: offerIdFor(edited.supplier, edited.name, taken) } : edited;
  });

/** The open rows after the row at `removed` is taken away: the ones below it move up by one. */
export const openAfterRemove = (open: readonly number[], removed: number): number[] =>
  open.filter((index) => index !== removed).map((index) => (index > removed ? index - 1 : index));

/** The paths, inside an offer, of every field its editor shows a message on. */
export const offerFieldPaths = (offer: TUtilityOfferEntry): string[] => [
  '',
  'id',
  'supplier',
  'name',
  'commodity',
  'customerKind',
  'priceKind',
  'validFrom',
  'validTo',
  'commissionCents',
  'clawbackMonths',
  'docs',
  ...offer.docs.flatMap((_, index) => [`docs.${index}`, `docs.${index}.docType`, `docs.${index}.label`, `docs.${index}.required`]),
  'lpgTerms',
  'lpgTerms.supplyMonths',
  'lpgTerms.tankMonths',
  'lpgTerms.tankBuyoutCents',
  'lpgTerms.removalAtLenderCost',
];
