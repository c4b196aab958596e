import { addMonthsIso, offerOfData, type TOfferSnapshot } from '../../../../../shared/practices/utility-offers';
import { todayInItaly } from '../../../../../shared/rules/italian-day';
import { LEDGER_KINDS, type TLedgerEntry } from '../../../../../shared/schemas/ledger';
import type { TPractice } from '../../../../../shared/schemas/practices';
import { isUtilitySector, type TSectorSlug } from '../../../../../shared/sectors';
import { formatCents, formatDate } from '../../../lib/format';
import { formatIsoDay } from './practice-format';

/**
 * What the detail page says of a utility activation's money and dates (issue 16): the ledger entries of the practice
 * with their net total, what will happen while there are none, until when an early end takes the commission back,
 * and the supply's dates. Pure, so the wording is tested without a browser.
 */

/** Only the utilities earn a commission per activation in the ledger; insurance shows its own in the overview. */
export const isUtilityPractice = (sector: TSectorSlug): boolean => isUtilitySector(sector);

/** The offer snapshot a utility practice keeps in its data (null when the data has none). */
export const offerOfPractice = offerOfData;

/** "+45,00 €" for a commission, "-45,00 €" for a clawback. */
export const formatSignedCents = (cents: number): string => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

export type TLedgerRow = { id: string; date: string; label: string; description: string; amount: string; isClawback: boolean };

/** One row per entry, in the order the server gives them (oldest first). */
export const ledgerRows = (entries: readonly TLedgerEntry[]): TLedgerRow[] =>
  entries.map((entry) => ({
    id: entry.id,
    date: formatDate(entry.createdAt),
    label: LEDGER_KINDS[entry.kind],
    description: entry.description,
    amount: formatSignedCents(entry.amountCents),
    isClawback: entry.kind === 'clawback',
  }));

/** The net of the practice's entries (a commission taken back nets to zero). */
export const ledgerNetCents = (entries: readonly TLedgerEntry[]): number => entries.reduce((total, entry) => total + entry.amountCents, 0);

type TLedgerSubject = Pick<TPractice, 'ledger' | 'supplyStartDate' | 'supplyEndDate'>;

/** What the card says while the ledger is empty: the commission to come, or that the offer has none. */
export const pendingCommissionText = (practice: TLedgerSubject, offer: TOfferSnapshot | null): string => {
  const cents = offer?.commissionCents ?? 0;
  if (cents <= 0) return 'Per l’offerta scelta non è prevista alcuna provvigione.';
  if (practice.supplyStartDate) return 'Nessuna provvigione registrata per questa attivazione.';
  return `La provvigione di ${formatCents(cents)} sarà riconosciuta quando la fornitura risulterà attivata.`;
};


/**
 * Until when an early end takes the commission back: for an earned commission not yet taken back, on a supply that
 * has started and not ended. Ending on the anniversary day keeps it (clawbackDue in utility-offers.ts). Null when
 * there is nothing to say.
 */
export const clawbackWindowText = (practice: TLedgerSubject, offer: TOfferSnapshot | null, today: string = todayInItaly()): string | null => {
  const hasCommission = practice.ledger.some((entry) => entry.kind === 'commission');
  const isTakenBack = practice.ledger.some((entry) => entry.kind === 'clawback');
  if (!hasCommission || isTakenBack || !practice.supplyStartDate) return null;
  const months = offer?.clawbackMonths ?? 0;
  if (practice.supplyEndDate) return months > 0 ? 'La fornitura è cessata dopo il periodo di storno: la provvigione resta riconosciuta.' : null;
  if (months <= 0) return 'L’offerta non prevede lo storno: la provvigione resta riconosciuta anche se la fornitura cessa.';
  const until = addMonthsIso(practice.supplyStartDate, months);
  if (today >= until) return `Periodo di storno concluso: dal ${formatIsoDay(until)} la provvigione non può più essere stornata.`;
  return `Se la fornitura cessa prima del ${formatIsoDay(until)} la provvigione sarà stornata.`;
};

export type TSupplyDate = { label: string; value: string };

/**
 * The supply's dates that are set: when it is expected to start (until it starts; not for luce e gas, whose summary
 * already shows "Avvio previsto"), when it started and when it ended.
 */
export const supplyDates = (practice: Pick<TPractice, 'sector' | 'expectedStartDate' | 'supplyStartDate' | 'supplyEndDate'>): TSupplyDate[] => {
  const dates: TSupplyDate[] = [];
  if (practice.expectedStartDate && !practice.supplyStartDate && practice.sector !== 'luce-e-gas') dates.push({ label: 'Decorrenza prevista', value: formatIsoDay(practice.expectedStartDate) });
  if (practice.supplyStartDate) dates.push({ label: 'Attiva dal', value: formatIsoDay(practice.supplyStartDate) });
  if (practice.supplyEndDate) dates.push({ label: 'Cessata il', value: formatIsoDay(practice.supplyEndDate) });
  return dates;
};
