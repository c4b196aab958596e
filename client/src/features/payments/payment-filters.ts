import { formatCents } from '../../lib/format';
import type { TPayment } from '../../../../shared/schemas/data';

/** The amount filter as typed, in euros: null leaves that end open. */
export type TAmountFilter = { fromEuro: number | null; toEuro: number | null };

export const NO_AMOUNT_FILTER: TAmountFilter = { fromEuro: null, toEuro: null };

/**
 * Euros typed by a person to the integer cents the data holds, rounded to the nearest cent. The detour through
 * 12 significant digits absorbs binary noise: 1234.56 * 100 is 123455.99999999999, 1.005 * 100 is 100.49999999999999.
 */
export const euroToCents = (euro: number): number => Math.round(Number((euro * 100).toPrecision(12)));

/** The bounds in cents; a negative amount is no bound (the field says why). */
export const amountBounds = ({ fromEuro, toEuro }: TAmountFilter): { fromCents: number | null; toCents: number | null } => ({
  fromCents: fromEuro === null || fromEuro < 0 ? null : euroToCents(fromEuro),
  toCents: toEuro === null || toEuro < 0 ? null : euroToCents(toEuro),
});

export const hasAmountFilter = (filter: TAmountFilter): boolean => {
  const { fromCents, toCents } = amountBounds(filter);
  return fromCents !== null || toCents !== null;
};

/** A range that ends before it starts matches nothing: the "to" field says so. */
export const isReversedAmountRange = (filter: TAmountFilter): boolean => {
  const { fromCents, toCents } = amountBounds(filter);
  return fromCents !== null && toCents !== null && fromCents > toCents;
};

/** Both ends included, compared in cents. */
export const filterPaymentsByAmount = (payments: readonly TPayment[], filter: TAmountFilter): TPayment[] => {
  const { fromCents, toCents } = amountBounds(filter);
  return payments.filter((payment) => (fromCents === null || payment.amount >= fromCents) && (toCents === null || payment.amount <= toCents));
};

/** The range in words, for a tab left empty by the filter: "tra 10,00 € e 20,00 €". */
export const describeAmountRange = (filter: TAmountFilter): string | null => {
  const { fromCents, toCents } = amountBounds(filter);
  if (fromCents !== null && toCents !== null) return fromCents === toCents ? `di ${formatCents(fromCents)}` : `tra ${formatCents(fromCents)} e ${formatCents(toCents)}`;
  if (fromCents !== null) return `da ${formatCents(fromCents)} in su`;
  if (toCents !== null) return `fino a ${formatCents(toCents)}`;
  return null;
};
