import { formatEuroCents } from '../practices/quotation';

/**
 * The tax arithmetic of a payout, in integer euro cents, rounded half up on the cent (Math.round of a positive
 * amount). Pure: the payouts service, the documents and the client's preview all compute through these functions.
 *
 * Persons are paid by a receipt for occasional work (prestazione occasionale, art. 67 c. 1 l) TUIR):
 * - the platform, as withholding agent, keeps the 20% ritenuta d'acconto (art. 25 DPR 600/1973);
 * - the receipt is outside the scope of VAT (art. 5 DPR 633/1972), so it bears the 2,00 € marca da bollo when its
 *   amount exceeds 77,47 € (art. 13 Tariffa DPR 642/1972); we charge it to the corner, who issues the receipt;
 * - above 5.000 € of occasional fees in a calendar year the corner must join the INPS Gestione Separata
 *   (art. 44 c. 2 DL 269/2003): we warn, we do not block.
 *
 * Companies are paid by invoice:
 * - insurance commissions are VAT-exempt (art. 10 n. 9 DPR 633/1972, FatturaPA Natura N4);
 * - the platform withholds 23% (the first IRPEF bracket) of 50% of the commissions, or of 20% when the agent
 *   declares it uses employees or third parties (art. 25-bis DPR 600/1973);
 * - an exempt invoice above 77,47 € bears the 2,00 € bollo virtuale, paid by the issuer: it is not deducted.
 */

export const RECEIPT_WITHHOLDING_PERCENT = 20;
/** The marca da bollo is due when the amount EXCEEDS 77,47 €. */
export const STAMP_THRESHOLD_CENTS = 7747;
export const STAMP_CENTS = 200;
/** Yearly occasional fees above which the Gestione Separata INPS applies. */
export const OCCASIONAL_YEAR_THRESHOLD_CENTS = 500_000;

/** Art. 25-bis DPR 600/1973: the rate, and the share of the commissions it applies to. */
export const INVOICE_WITHHOLDING_PERCENT = 23;
export const INVOICE_WITHHOLDING_BASE_PERCENT = 50;
export const INVOICE_WITHHOLDING_BASE_PERCENT_WITH_EMPLOYEES = 20;

export const PAYOUT_TAX_MSG = {
  yearThresholdCrossed: (year: number) =>
    `Con questo pagamento superi i 5.000 € di compensi occasionali nel ${year}: oltre questa soglia scatta l’iscrizione alla Gestione Separata INPS.`,
  yearThresholdExceeded: (year: number) =>
    `Nel ${year} hai già superato i 5.000 € di compensi occasionali: sulla parte eccedente sono dovuti i contributi alla Gestione Separata INPS.`,
  yearTotal: (year: number, totalCents: number) =>
    `Compensi occasionali ${year}, compreso questo pagamento: ${formatEuroCents(totalCents)} (soglia annua ${formatEuroCents(OCCASIONAL_YEAR_THRESHOLD_CENTS)}).`,
  receiptStampCharged: 'La marca da bollo da 2,00 € (importo superiore a 77,47 €) è a carico del percipiente ed è trattenuta dal compenso.',
  receiptVatNote: 'Operazione fuori campo IVA ai sensi dell’art. 5 DPR 633/1972 (prestazione occasionale).',
  receiptWithholdingNote: 'Ritenuta d’acconto del 20% operata dal committente in qualità di sostituto d’imposta (art. 25 DPR 600/1973).',
  invoiceVatNote: 'Esente art. 10 n. 9 DPR 633/1972',
  invoiceWithholdingNote: (basePercent: number) =>
    `Ritenuta d’acconto del 23% sul ${basePercent}% delle provvigioni (art. 25-bis DPR 600/1973).`,
  invoiceStampNote: 'Imposta di bollo da 2,00 € assolta in modo virtuale, a carico dell’emittente.',
} as const;

const assertCents = (value: number, name: string) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`);
};

/** `percent`% of an amount in cents, rounded half up to the cent. */
const percentOf = (cents: number, percent: number): number => Math.round((cents * percent) / 100);

/** 200 cents when the amount exceeds 77,47 € (77,47 € itself bears no stamp). */
export const stampCentsFor = (grossCents: number): number => (grossCents > STAMP_THRESHOLD_CENTS ? STAMP_CENTS : 0);

export type TReceiptAmounts = { grossCents: number; withholdingCents: number; stampCents: number; netCents: number };

/** A receipt's amounts: 20% withholding, the stamp charged to the corner; net = gross − withholding − stamp. */
export const receiptAmounts = (grossCents: number): TReceiptAmounts => {
  assertCents(grossCents, 'grossCents');
  const withholdingCents = percentOf(grossCents, RECEIPT_WITHHOLDING_PERCENT);
  const stampCents = stampCentsFor(grossCents);
  return { grossCents, withholdingCents, stampCents, netCents: grossCents - withholdingCents - stampCents };
};

export type TYearThreshold = {
  /** This payout takes the year's total past 5.000 € (the total before did not exceed it). */
  crosses: boolean;
  /** The year's total, this payout included, is past 5.000 € (crossed now or before). */
  exceeds: boolean;
  yearTotalAfterCents: number;
};

/** Where a payout leaves the corner's occasional fees of the year against the 5.000 € threshold. */
export const yearThresholdWarning = (yearTotalBeforeCents: number, grossCents: number): TYearThreshold => {
  assertCents(yearTotalBeforeCents, 'yearTotalBeforeCents');
  assertCents(grossCents, 'grossCents');
  const yearTotalAfterCents = yearTotalBeforeCents + grossCents;
  const exceeds = yearTotalAfterCents > OCCASIONAL_YEAR_THRESHOLD_CENTS;
  return { crosses: exceeds && yearTotalBeforeCents <= OCCASIONAL_YEAR_THRESHOLD_CENTS, exceeds, yearTotalAfterCents };
};

export type TInvoiceAmounts = {
  grossCents: number;
  /** The share of the commissions the withholding applies to (50%, or 20% with employees). */
  withholdingBaseCents: number;
  withholdingCents: number;
  /** The bollo virtuale, paid by the issuing company: shown, not deducted. */
  stampCents: number;
  /** What the platform pays: gross − withholding. */
  netCents: number;
};

/** The share of the commissions subject to withholding (art. 25-bis c. 1 DPR 600/1973). */
export const invoiceWithholdingBasePercent = (usesEmployees: boolean): number =>
  usesEmployees ? INVOICE_WITHHOLDING_BASE_PERCENT_WITH_EMPLOYEES : INVOICE_WITHHOLDING_BASE_PERCENT;

/**
 * An invoice's amounts. The base is rounded to the cent first, then 23% of it, so what the documents print
 * (the base and the withholding on it) agrees line by line.
 */
export const invoiceAmounts = (grossCents: number, usesEmployees: boolean): TInvoiceAmounts => {
  assertCents(grossCents, 'grossCents');
  const withholdingBaseCents = percentOf(grossCents, invoiceWithholdingBasePercent(usesEmployees));
  const withholdingCents = percentOf(withholdingBaseCents, INVOICE_WITHHOLDING_PERCENT);
  return { grossCents, withholdingBaseCents, withholdingCents, stampCents: stampCentsFor(grossCents), netCents: grossCents - withholdingCents };
};
