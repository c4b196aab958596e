import { z } from 'zod';
import { zText } from '../schemas/common';
import { ZRcaDocs, type TRcaDoc } from './sector-docs';
import { zIsoDate } from './quotation';

/**
 * The offers catalogue of the utility sectors (issue 16), kept by the admin under the spec's settings keys
 * `luceGasConfig` (electricity, gas, dual) and `gplConfig` (LPG): who supplies it, what it is, for whom, which
 * price, when it can be chosen, the documents an activation needs, and the corner's commission per activation with
 * its clawback window (taken back when the supply ends within N months of its start).
 *
 * A practice stores a snapshot of the offer it was submitted with (`TOfferSnapshot`): the server fills it from the
 * catalogue on every create and change, so the commission and the documents are those the corner chose, even if the
 * admin changes the catalogue later.
 */

export const OFFER_MSG = {
  idInvalid: 'Codice offerta non valido: lettere minuscole, cifre e «-», da 2 a 60 caratteri (es. luce-chiara-casa).',
  idDuplicate: 'Codice offerta ripetuto: ogni offerta deve avere un codice diverso.',
  supplierRequired: 'Indica il fornitore (al massimo 200 caratteri).',
  nameRequired: 'Indica il nome dell’offerta (al massimo 200 caratteri).',
  commodityInvalid: 'Seleziona la fornitura dell’offerta.',
  commodityNotLpg: 'Le offerte di luce e gas sono di luce, gas o luce e gas (il GPL ha il suo catalogo).',
  commodityLpg: 'Le offerte GPL sono di GPL.',
  customerKindInvalid: 'Seleziona il tipo di cliente.',
  priceKindInvalid: 'Seleziona il tipo di prezzo.',
  dateInvalid: 'Data non valida (AAAA-MM-GG).',
  validToBeforeFrom: 'La fine della validità non può precedere l’inizio.',
  commissionInvalid: 'Indica la provvigione in centesimi, da 0 a 100.000 euro.',
  clawbackInvalid: 'Indica i mesi dello storno, da 0 (nessuno storno) a 60.',
  offersTooMany: 'Al massimo 200 offerte.',
  lpgTermsRequired: 'Indica le condizioni del contratto GPL (durata della fornitura, del comodato o noleggio, riscatto, rimozione).',
  supplyMonthsInvalid: 'La fornitura di GPL dura al massimo un anno (D.Lgs. 32/1998, art. 10): indica da 1 a 12 mesi.',
  tankMonthsInvalid: 'Il comodato o il noleggio del serbatoio dura al massimo due anni (D.Lgs. 32/1998, art. 10): indica da 1 a 24 mesi.',
  buyoutRequired: 'Con il serbatoio in comodato o a noleggio indica il prezzo di riscatto (D.Lgs. 32/1998, art. 10).',
  buyoutInvalid: 'Indica il prezzo di riscatto in centesimi, da 0 a 100.000 euro.',
  removalAtLenderCost: 'La rimozione del serbatoio è a carico del comodante o locatore (D.Lgs. 32/1998, art. 10).',
  offerRequired: 'Scegli un’offerta dal catalogo.',
  offerUnknown: 'Offerta non presente nel catalogo: scegline una dall’elenco.',
  offerNotValid: (from: string, to: string | null) => `Offerta non disponibile oggi: è valida dal ${itDate(from)}${to ? ` al ${itDate(to)}` : ''}.`,
  offerWrongCommodity: (offer: string, needed: string) => `L’offerta è di ${offer}: per questa fornitura scegline una di ${needed}.`,
  offerWrongCustomer: (offer: string) => `L’offerta è per clienti «${offer}»: non corrisponde all’uso indicato.`,
  offerWithoutTank: 'L’offerta non comprende il serbatoio: per un serbatoio in comodato o in affitto scegline una che lo comprenda.',
  offerWithTank: 'L’offerta comprende un serbatoio in comodato o in affitto: per un serbatoio di proprietà o per le bombole scegline una senza.',
} as const;

const itDate = (iso: string) => iso.split('-').reverse().join('/');

export const OFFER_COMMODITIES = { electricity: 'Luce', gas: 'Gas', dual: 'Luce e gas', lpg: 'GPL' } as const;
export type TOfferCommodity = keyof typeof OFFER_COMMODITIES;
export const CUSTOMER_KINDS = { householdResident: 'Domestico residente', householdNonResident: 'Domestico non residente', business: 'Business' } as const;
export type TCustomerKind = keyof typeof CUSTOMER_KINDS;
export const PRICE_KINDS = { fixed: 'Prezzo fisso', indexed: 'Prezzo indicizzato' } as const;
export type TPriceKind = keyof typeof PRICE_KINDS;

const keys = <T extends object>(record: T) => Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

const zIntIn = (min: number, max: number, message: string) => z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** The contract terms of an LPG offer that D.Lgs. 32/1998 art. 10 (as issue 16 cites it) bounds. */
export const ZLpgTerms = z.object({
  /** Months of supply the contract binds the client to (at most 12). */
  supplyMonths: z.number({ error: OFFER_MSG.supplyMonthsInvalid }).int({ error: OFFER_MSG.supplyMonthsInvalid }).min(1, { error: OFFER_MSG.supplyMonthsInvalid }).max(12, { error: OFFER_MSG.supplyMonthsInvalid }),
  /** Months of the tank's loan or rent (at most 24); null: no tank with the offer (the client's own, cylinders). */
  tankMonths: z
    .number({ error: OFFER_MSG.tankMonthsInvalid })
    .int({ error: OFFER_MSG.tankMonthsInvalid })
    .min(1, { error: OFFER_MSG.tankMonthsInvalid })
    .max(24, { error: OFFER_MSG.tankMonthsInvalid })
    .nullable(),
  /** The price at which the client may buy the tank out, stated when the tank is lent or rented. */
  tankBuyoutCents: zIntIn(0, 10_000_000, OFFER_MSG.buyoutInvalid).nullable(),
  /** The tank is removed at the lender's cost when the contract ends (must be true). */
  removalAtLenderCost: z.boolean({ error: OFFER_MSG.removalAtLenderCost }),
});
export type TLpgTerms = z.infer<typeof ZLpgTerms>;

/** One offer of the catalogue. */
export const ZUtilityOfferEntry = z
  .object({
    /** Stable code the practices refer to (`luce-chiara-casa`). */
    id: zText({ error: OFFER_MSG.idInvalid }).trim().regex(/^[a-z0-9][a-z0-9-]{1,59}$/, { error: OFFER_MSG.idInvalid }),
    supplier: zText({ error: OFFER_MSG.supplierRequired }).trim().min(1, { error: OFFER_MSG.supplierRequired }).max(200, { error: OFFER_MSG.supplierRequired }),
    name: zText({ error: OFFER_MSG.nameRequired }).trim().min(1, { error: OFFER_MSG.nameRequired }).max(200, { error: OFFER_MSG.nameRequired }),
    commodity: z.enum(keys(OFFER_COMMODITIES), { error: OFFER_MSG.commodityInvalid }),
    customerKind: z.enum(keys(CUSTOMER_KINDS), { error: OFFER_MSG.customerKindInvalid }),
    priceKind: z.enum(keys(PRICE_KINDS), { error: OFFER_MSG.priceKindInvalid }),
    validFrom: zIsoDate(OFFER_MSG.dateInvalid),
    /** Last day it can be chosen; null: until withdrawn. */
    validTo: zIsoDate(OFFER_MSG.dateInvalid).nullable(),
    /** Documents an activation with this offer needs (uploaded on the practice before the broker starts work). */
    docs: ZRcaDocs,
    /** The corner's commission per activation, earned when the supply is activated. */
    commissionCents: zIntIn(0, 10_000_000, OFFER_MSG.commissionInvalid),
    /** The commission is taken back when the supply ends within this many months of its start (0: never). */
    clawbackMonths: zIntIn(0, 60, OFFER_MSG.clawbackInvalid),
    /** LPG offers only: the contract terms checked against D.Lgs. 32/1998 art. 10. */
    lpgTerms: ZLpgTerms.nullable().default(null),
  })
  .superRefine((offer, ctx) => {
    if (offer.validTo !== null && offer.validTo < offer.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: OFFER_MSG.validToBeforeFrom });
  });
export type TUtilityOfferEntry = z.output<typeof ZUtilityOfferEntry>;
export type TUtilityOfferEntryInput = z.input<typeof ZUtilityOfferEntry>;

const uniqueIds = (offers: readonly { id: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  offers.forEach((offer, index) => {
    if (seen.has(offer.id)) ctx.addIssue({ code: 'custom', path: ['offers', index, 'id'], message: OFFER_MSG.idDuplicate });
    seen.add(offer.id);
  });
};

/** `luceGasConfig`: the electricity, gas and dual offers. */
export const ZLuceGasConfig = z
  .object({ offers: z.array(ZUtilityOfferEntry).max(200, { error: OFFER_MSG.offersTooMany }) })
  .superRefine((config, ctx) => {
    uniqueIds(config.offers, ctx);
    config.offers.forEach((offer, index) => {
      if (offer.commodity === 'lpg') ctx.addIssue({ code: 'custom', path: ['offers', index, 'commodity'], message: OFFER_MSG.commodityNotLpg });
    });
  });
export type TLuceGasConfig = z.output<typeof ZLuceGasConfig>;

/** The problems of an LPG offer's terms under D.Lgs. 32/1998 art. 10, by field of the offer. */
export const lpgTermsIssues = (offer: Pick<TUtilityOfferEntry, 'lpgTerms'>): { path: string[]; message: string }[] => {
  const terms = offer.lpgTerms;
  if (!terms) return [{ path: ['lpgTerms'], message: OFFER_MSG.lpgTermsRequired }];
  const issues: { path: string[]; message: string }[] = [];
  if (terms.tankMonths !== null && terms.tankBuyoutCents === null) issues.push({ path: ['lpgTerms', 'tankBuyoutCents'], message: OFFER_MSG.buyoutRequired });
  if (!terms.removalAtLenderCost) issues.push({ path: ['lpgTerms', 'removalAtLenderCost'], message: OFFER_MSG.removalAtLenderCost });
  return issues;
};

/** `gplConfig`: the LPG offers, each with its contract terms within art. 10. */
export const ZGplConfig = z
  .object({ offers: z.array(ZUtilityOfferEntry).max(200, { error: OFFER_MSG.offersTooMany }) })
  .superRefine((config, ctx) => {
    uniqueIds(config.offers, ctx);
    config.offers.forEach((offer, index) => {
      if (offer.commodity !== 'lpg') ctx.addIssue({ code: 'custom', path: ['offers', index, 'commodity'], message: OFFER_MSG.commodityLpg });
      for (const issue of lpgTermsIssues(offer)) ctx.addIssue({ code: 'custom', path: ['offers', index, ...issue.path], message: issue.message });
    });
  });
export type TGplConfig = z.output<typeof ZGplConfig>;

const BILL_DOC: TRcaDoc = { docType: 'last_bill', label: 'Ultima bolletta', required: true };
const IDENTITY_DOC: TRcaDoc = { docType: 'identity_document', label: 'Documento d’identità del cliente', required: true };

/**
 * The catalogue of a fresh install (the admin replaces it with the agreed offers): a few suppliers' household and
 * business offers, fixed and indexed, with their commission and a 12-month clawback; LPG offers with a tank on loan
 * (24 months, buy-out stated) and with the client's own tank.
 */
export const UTILITY_OFFERS_DEFAULTS: { luceGasConfig: TLuceGasConfig; gplConfig: TGplConfig } = {
  luceGasConfig: {
    offers: [
      {
        id: 'luce-chiara-casa-dual',
        supplier: 'Luce Chiara S.p.A.',
        name: 'Casa Sicura Dual',
        commodity: 'dual',
        customerKind: 'householdResident',
        priceKind: 'fixed',
        validFrom: '2026-01-01',
        validTo: null,
        docs: [BILL_DOC, IDENTITY_DOC],
        commissionCents: 9000,
        clawbackMonths: 12,
        lpgTerms: null,
      },
      {
        id: 'luce-chiara-casa-luce',
        supplier: 'Luce Chiara S.p.A.',
        name: 'Casa Sicura Luce',
        commodity: 'electricity',
        customerKind: 'householdResident',
        priceKind: 'fixed',
        validFrom: '2026-01-01',
        validTo: null,
        docs: [BILL_DOC, IDENTITY_DOC],
        commissionCents: 5000,
        clawbackMonths: 12,
        lpgTerms: null,
      },
      {
        id: 'energia-nord-seconda-casa',
        supplier: 'Energia Nord S.r.l.',
        name: 'Seconda Casa Indicizzata',
        commodity: 'electricity',
        customerKind: 'householdNonResident',
        priceKind: 'indexed',
        validFrom: '2026-01-01',
        validTo: null,
        docs: [BILL_DOC, IDENTITY_DOC],
        commissionCents: 4000,
        clawbackMonths: 6,
        lpgTerms: null,
      },
      {
        id: 'metano-italia-gas-casa',
        supplier: 'Metano Italia S.p.A.',
        name: 'Gas Casa Fisso 12',
        commodity: 'gas',
        customerKind: 'householdResident',
        priceKind: 'fixed',
        validFrom: '2026-01-01',
        validTo: null,
        docs: [BILL_DOC, IDENTITY_DOC],
        commissionCents: 4500,
        clawbackMonths: 12,
        lpgTerms: null,
      },
      {
        id: 'energia-nord-business-dual',
        supplier: 'Energia Nord S.r.l.',
        name: 'Impresa Dual PUN',
        commodity: 'dual',
        customerKind: 'business',
        priceKind: 'indexed',
        validFrom: '2026-01-01',
        validTo: null,
        docs: [BILL_DOC, IDENTITY_DOC, { docType: 'company_register', label: 'Visura camerale', required: false }],
        commissionCents: 15000,
        clawbackMonths: 12,
        lpgTerms: null,
      },
      {
        id: 'energia-nord-impresa-luce',
        supplier: 'Energia Nord S.r.l.',
        name: 'Impresa Luce Fissa 12',
        commodity: 'electricity',
        customerKind: 'business',
        priceKind: 'fixed',
        validFrom: '2026-01-01',
        validTo: null,
        docs: [BILL_DOC, IDENTITY_DOC],
        commissionCents: 10000,
        clawbackMonths: 12,
        lpgTerms: null,
      },
    ],
  },
  gplConfig: {
    offers: [
      {
        id: 'gas-valle-comodato',
        supplier: 'Gas Valle S.r.l.',
        name: 'GPL Casa Comodato',
        commodity: 'lpg',
        customerKind: 'householdResident',
        priceKind: 'fixed',
        validFrom: '2026-01-01',
        validTo: null,
        docs: [IDENTITY_DOC, { docType: 'property_title', label: 'Titolo di proprietà o consenso del proprietario', required: true }],
        commissionCents: 12000,
        clawbackMonths: 12,
        lpgTerms: { supplyMonths: 12, tankMonths: 24, tankBuyoutCents: 95000, removalAtLenderCost: true },
      },
      {
        id: 'gpl-alpi-serbatoio-proprio',
        supplier: 'GPL Alpi S.p.A.',
        name: 'Serbatoio Tuo Indicizzato',
        commodity: 'lpg',
        customerKind: 'householdResident',
        priceKind: 'indexed',
        validFrom: '2026-01-01',
        validTo: null,
        docs: [IDENTITY_DOC],
        commissionCents: 8000,
        clawbackMonths: 6,
        lpgTerms: { supplyMonths: 12, tankMonths: null, tankBuyoutCents: null, removalAtLenderCost: true },
      },
      {
        id: 'gas-valle-bombole',
        supplier: 'Gas Valle S.r.l.',
        name: 'Bombole Casa',
        commodity: 'lpg',
        customerKind: 'householdResident',
        priceKind: 'fixed',
        validFrom: '2026-01-01',
        validTo: null,
        docs: [IDENTITY_DOC],
        commissionCents: 2500,
        clawbackMonths: 0,
        lpgTerms: { supplyMonths: 12, tankMonths: null, tankBuyoutCents: null, removalAtLenderCost: true },
      },
    ],
  },
};

/** What a practice keeps of the offer it was submitted with (filled by the server from the catalogue). */
export const ZOfferSnapshot = z.object({
  id: zText({ error: OFFER_MSG.offerRequired }).trim().min(1, { error: OFFER_MSG.offerRequired }).max(60, { error: OFFER_MSG.offerRequired }),
  supplier: zText().trim().max(200).default(''),
  name: zText().trim().max(200).default(''),
  commissionCents: z.number({ error: OFFER_MSG.commissionInvalid }).int({ error: OFFER_MSG.commissionInvalid }).min(0, { error: OFFER_MSG.commissionInvalid }).max(10_000_000, { error: OFFER_MSG.commissionInvalid }).nullish().transform((value) => value ?? null),
  clawbackMonths: z.number().int().min(0).max(60).nullish().transform((value) => value ?? null),
  docs: z.array(z.object({ docType: z.string().max(50), label: z.string().max(100), required: z.boolean() })).max(30).nullish().transform((value) => value ?? []),
}, { error: OFFER_MSG.offerRequired });
export type TOfferSnapshot = z.output<typeof ZOfferSnapshot>;

/** The offer snapshot a utility practice keeps in its data (null when the data has none). */
export const offerOfData = (data: unknown): TOfferSnapshot | null => {
  const offer = (data as { offer?: unknown } | null)?.offer;
  return typeof offer === 'object' && offer !== null ? (offer as TOfferSnapshot) : null;
};

/** The snapshot of a catalogue offer, as a practice stores it. */
export const offerSnapshot = (offer: TUtilityOfferEntry): TOfferSnapshot => ({
  id: offer.id,
  supplier: offer.supplier,
  name: offer.name,
  commissionCents: offer.commissionCents,
  clawbackMonths: offer.clawbackMonths,
  docs: offer.docs,
});

/** Whether an offer can be chosen on `today` (ISO). */
export const offerValidOn = (offer: Pick<TUtilityOfferEntry, 'validFrom' | 'validTo'>, today: string) => offer.validFrom <= today && (offer.validTo === null || today <= offer.validTo);

/** "Luce Chiara S.p.A. · Casa Sicura Dual". */
export const offerLabel = (offer: { supplier: string; name: string }) => [offer.supplier, offer.name].filter(Boolean).join(' · ');

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date moved by whole months (the last day of the month when the day does not exist: 31 Jan + 1 = 28/29 Feb). */
export const addMonthsIso = (isoDate: string, months: number): string => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return `${target.getUTCFullYear()}-${pad(target.getUTCMonth() + 1)}-${pad(Math.min(day, lastDay))}`;
};

/**
 * Whether the commission of a supply activated on `activationDate` is taken back when it ends on `endDate`: the
 * supply ended before `clawbackMonths` full months had passed (ending on the anniversary day keeps it).
 */
export const clawbackDue = (activationDate: string, endDate: string, clawbackMonths: number | null): boolean =>
  clawbackMonths !== null && clawbackMonths > 0 && endDate < addMonthsIso(activationDate, clawbackMonths);

/** What of a practice an offer must fit: its commodity and the uses that tell the kind of customer. */
export type TOfferFitSubject = {
  commodity: TOfferCommodity;
  electricityUse?: string | null;
  gasUse?: string | null;
  /**
   * GPL: the kind of supply (GPL_SUPPLY_KINDS). An offer that lends or rents a tank (`lpgTerms.tankMonths`) fits a
   * tank on loan or rented only; one without a tank, the client's own tank or cylinders only.
   */
  lpgSupplyKind?: string | null;
};

const LENT_TANK_KINDS: readonly string[] = ['tankLoan', 'tankRented'];

/** The kind of customer the practice's uses tell (electricity first: it tells resident from non-resident); null: any. */
const customerKindOf = (subject: TOfferFitSubject): TCustomerKind | 'household' | null => {
  if (subject.electricityUse === 'householdResident') return 'householdResident';
  if (subject.electricityUse === 'householdNonResident') return 'householdNonResident';
  if (subject.electricityUse === 'otherUses') return 'business';
  if (subject.gasUse === 'otherUses') return 'business';
  if (subject.gasUse) return 'household';
  return null;
};

/** Why an offer does not fit the practice (another commodity, another kind of customer), or null when it does. */
export const offerFitIssue = (offer: Pick<TUtilityOfferEntry, 'commodity' | 'customerKind'> & { lpgTerms?: TLpgTerms | null }, subject: TOfferFitSubject): string | null => {
  if (offer.commodity !== subject.commodity) return OFFER_MSG.offerWrongCommodity(OFFER_COMMODITIES[offer.commodity].toLowerCase(), OFFER_COMMODITIES[subject.commodity].toLowerCase());
  if (subject.lpgSupplyKind && offer.lpgTerms) {
    const needsTank = LENT_TANK_KINDS.includes(subject.lpgSupplyKind);
    if (needsTank !== (offer.lpgTerms.tankMonths !== null)) return needsTank ? OFFER_MSG.offerWithoutTank : OFFER_MSG.offerWithTank;
  }
  const kind = customerKindOf(subject);
  if (kind === null) return null;
  const fits = kind === 'household' ? offer.customerKind !== 'business' : offer.customerKind === kind;
  return fits ? null : OFFER_MSG.offerWrongCustomer(CUSTOMER_KINDS[offer.customerKind]);
};
