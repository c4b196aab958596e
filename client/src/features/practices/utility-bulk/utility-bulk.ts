import { toCsvText } from '../../../../../shared/rules/csv';
import { formatQuantity } from '../../../lib/format';
import { todayInItaly } from '../../../../../shared/rules/italian-day';
import { isUtilitySector, type TSectorSlug } from '../../../../../shared/sectors';
import {
  OUTCOMES,
  OUTCOME_ROW_STATUSES,
  type TOutcomeReport,
  type TOutcomeRowReport,
  type TUtilityBulkSector,
} from '../../../../../shared/schemas/utility-bulk';

/**
 * The pure side of the utility brokers' bulk work (issue 16): which sectors have it, the selection of activations
 * across pages, the texts of the toolbar and of the import's report, the report as a CSV file.
 */

/** Luce e gas and GPL: the sectors whose worklist exports activations and imports the supplier's outcomes. */
export const isUtilityBulkSector = (sector: TSectorSlug): sector is TSectorSlug & TUtilityBulkSector => isUtilitySector(sector);

const count = formatQuantity;

/** The selection with `id` added, or removed when it was there (a new set: React state is not mutated). */
export const toggleSelected = (selected: ReadonlySet<string>, id: string): ReadonlySet<string> => {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** The selection with every id of a page added (`checked`) or removed; what is selected on other pages stays. */
export const setAllSelected = (selected: ReadonlySet<string>, ids: readonly string[], checked: boolean): ReadonlySet<string> => {
  const next = new Set(selected);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
};

/** "1 selezionata", "12 selezionate". */
export const selectedLabel = (n: number): string => (n === 1 ? '1 selezionata' : `${count(n)} selezionate`);

/** The toast after an export: "Esportata 1 attivazione.", "Esportate 12 attivazioni.". */
export const exportedMessage = (n: number): string => (n === 1 ? 'Esportata 1 attivazione.' : `Esportate ${count(n)} attivazioni.`);

/** The report's headline: "Applicate: 3 · Non applicate: 6", and " · Saltate: 2" when rows had no outcome yet. */
export const reportSummary = (report: Pick<TOutcomeReport, 'applied' | 'errors'> & { skipped?: number }): string =>
  `Applicate: ${count(report.applied)} · Non applicate: ${count(report.errors)}${report.skipped ? ` · Saltate: ${count(report.skipped)}` : ''}`;

/** The outcome a row stated, in words ("Attivata"), or a dash when the file's word was not recognised. */
export const outcomeLabel = (outcome: TOutcomeRowReport['outcome']): string => (outcome ? OUTCOMES[outcome] : '—');

/** The rows the report table shows: all of them, or only those not applied. */
export const shownReportRows = (rows: readonly TOutcomeRowReport[], onlyErrors: boolean): readonly TOutcomeRowReport[] =>
  onlyErrors ? rows.filter((row) => row.status === 'error') : rows;

export const REPORT_CSV_HEADER = ['Riga', 'Codice', 'Esito', 'Stato', 'Messaggio', 'Pratica', 'Codice pratica'] as const;

export { csvCell } from '../../../../../shared/rules/csv';

/**
 * The report as the export's CSV reads (a byte order mark and semicolons, which Excel in Italian opens in columns):
 * one line per row of the imported file, in its order.
 */
export const reportToCsv = (report: Pick<TOutcomeReport, 'rows'>): string =>
  toCsvText([
    [...REPORT_CSV_HEADER],
    ...report.rows.map((row) => [
      String(row.row),
      row.code,
      row.outcome ? OUTCOMES[row.outcome] : '',
      OUTCOME_ROW_STATUSES[row.status],
      row.message,
      row.title ?? '',
      row.practiceId ?? '',
    ]),
  ]);


/** "esiti-luce-e-gas-2026-11-24-report.csv". */
export const reportFilename = (sector: TUtilityBulkSector, now: Date): string => `esiti-${sector}-${todayInItaly(now)}-report.csv`;

/** The bytes of a base64 text (the export travels in base64 inside the tRPC answer). */
export const base64ToBytes = (base64: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
};
