import { PAYOUT_TAX_MSG, invoiceAmounts, invoiceWithholdingBasePercent, receiptAmounts, yearThresholdWarning } from '../../../../shared/payouts/tax';
import type { TPayoutMethod } from '../../../../shared/schemas/payouts';

export type TPayoutPreview = {
  grossCents: number;
  withholdingCents: number;
  /** Deducted from a receipt; on an invoice it is paid by the company and only shown. */
  stampCents: number;
  isStampDeducted: boolean;
  netCents: number;
  notes: string[];
  /** The 5.000 € year threshold of occasional fees (receipts and gift cards), crossed now or before. */
  warning: string | null;
};

/**
 * What a payout of `grossCents` by `method` would pay, computed with the same functions as the server's documents,
 * so the dialog shows before confirming what the receipt or the invoice will say.
 */
export const previewPayout = (input: { grossCents: number; method: TPayoutMethod; yearTotalCents: number; year: number; usesEmployees: boolean }): TPayoutPreview => {
  const { grossCents, method, yearTotalCents, year, usesEmployees } = input;
  if (method === 'invoice') {
    const amounts = invoiceAmounts(grossCents, usesEmployees);
    const notes = [PAYOUT_TAX_MSG.invoiceVatNote, PAYOUT_TAX_MSG.invoiceWithholdingNote(invoiceWithholdingBasePercent(usesEmployees))];
    if (amounts.stampCents > 0) notes.push(PAYOUT_TAX_MSG.invoiceStampNote);
    return { grossCents, withholdingCents: amounts.withholdingCents, stampCents: amounts.stampCents, isStampDeducted: false, netCents: amounts.netCents, notes, warning: null };
  }
  const threshold = yearThresholdWarning(yearTotalCents, grossCents);
  const warning = threshold.crosses ? PAYOUT_TAX_MSG.yearThresholdCrossed(year) : threshold.exceeds ? PAYOUT_TAX_MSG.yearThresholdExceeded(year) : null;
  const yearNote = PAYOUT_TAX_MSG.yearTotal(year, threshold.yearTotalAfterCents);
  if (method === 'giftcard') return { grossCents, withholdingCents: 0, stampCents: 0, isStampDeducted: false, netCents: grossCents, notes: [yearNote], warning };
  const amounts = receiptAmounts(grossCents);
  const notes: string[] = [PAYOUT_TAX_MSG.receiptWithholdingNote, PAYOUT_TAX_MSG.receiptVatNote];
  if (amounts.stampCents > 0) notes.push(PAYOUT_TAX_MSG.receiptStampCharged);
  notes.push(yearNote);
  return { ...amounts, isStampDeducted: true, notes, warning };
};

/** Euros typed in the dialog (12,5) -> integer cents (1250); null for no number. */
export const euroToCents = (euros: number | null): number | null => (euros === null || !Number.isFinite(euros) ? null : Math.round(euros * 100));
