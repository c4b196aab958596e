import type { TPaymentStatus } from '../../../../../shared/constants';
import type { TAdminPayment } from '../../../../../shared/schemas/payments';
import { PAYOUT_METHODS, PAYOUT_STATES, type TAdminPayout } from '../../../../../shared/schemas/payouts';
import { saveFile } from '../../../lib/save-file';

/** A cell of the accountant's sheet: text, euros as a number, a day, or nothing. */
export type TCell = string | number | Date | null;
export type TSheetRow = Record<string, TCell>;
export type TExportFormat = 'csv' | 'xlsx';

const PAYMENT_STATES: Record<TPaymentStatus, string> = { notPaied: 'Da pagare', pending: 'In attesa di conferma', paied: 'Pagato' };
const CORNER_TYPES: Record<string, string> = { persona: 'Persona', azienda: 'Azienda' };

/** Cents to euros as a number (12345 -> 123.45), the way a spreadsheet sums them. */
const euros = (cents: number): number => cents / 100;

/** The largest page the admin lists answer; the export walks them all. */
export const EXPORT_PAGE_SIZE = 200;

/** Every row of a paged list, page after page, until `total` are read (or a page comes back empty). */
export const fetchAllPages = async <T>(fetchPage: (page: number, limit: number) => Promise<{ list: readonly T[]; total: number }>): Promise<T[]> => {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(page, EXPORT_PAGE_SIZE);
    rows.push(...answer.list);
    if (answer.list.length === 0 || rows.length >= answer.total) return rows;
  }
};

/** The payments the corners owe, with Italian headers. */
export const paymentRows = (list: readonly TAdminPayment[]): TSheetRow[] =>
  list.map((payment) => ({
    Corner: payment.cornerName,
    Descrizione: payment.description,
    Stato: PAYMENT_STATES[payment.status],
    Scadenza: payment.dueDate,
    'Dichiarato il': payment.declaredAt,
    'Pagato il': payment.paidAt,
    'Importo (€)': euros(payment.amount),
  }));

/** The payouts to the corners, with their withholding, stamp and net, with Italian headers. */
export const payoutRows = (list: readonly TAdminPayout[]): TSheetRow[] =>
  list.map((payout) => ({
    Corner: payout.cornerName,
    Tipo: CORNER_TYPES[payout.cornerType] ?? payout.cornerType,
    'Richiesto il': payout.createdAt,
    Modalità: PAYOUT_METHODS[payout.method],
    Numero: payout.number,
    Stato: PAYOUT_STATES[payout.state],
    'Importo lordo (€)': euros(payout.amountCents),
    'Ritenuta (€)': euros(payout.withholdingCents),
    'Bollo (€)': euros(payout.stampCents),
    'Netto (€)': euros(payout.netCents),
    'Data bonifico': payout.transferDate ? new Date(`${payout.transferDate}T12:00:00`) : null,
    'Riferimento bonifico': payout.reference,
    'Gift card': payout.giftcardName,
    'Pagato il': payout.paidAt,
  }));

const DAY = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Rome' });
const NUMBER = new Intl.NumberFormat('it-IT', { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 });

const csvCell = (value: TCell): string => {
  if (value === null) return '';
  const text = value instanceof Date ? DAY.format(value) : typeof value === 'number' ? NUMBER.format(value) : value;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * CSV the way Excel reads it in Italy: `;` between fields, the decimal comma, days as gg/mm/aaaa, CRLF, and a
 * byte-order mark so accented headers open as UTF-8.
 */
export const toCsv = (rows: readonly TSheetRow[], headers: readonly string[] = Object.keys(rows[0] ?? {})): string =>
  `\uFEFF${[headers.map(csvCell).join(';'), ...rows.map((row) => headers.map((header) => csvCell(row[header] ?? null)).join(';'))].join('\r\n')}\r\n`;

/** Saves the rows as `<name>.csv` or `<name>.xlsx` (the spreadsheet library loads only when asked). */
export const saveSheet = async (rows: readonly TSheetRow[], name: string, format: TExportFormat, headers?: readonly string[]): Promise<void> => {
  if (format === 'csv') {
    saveFile(toCsv(rows, headers), `${name}.csv`, 'text/csv;charset=utf-8');
    return;
  }
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.json_to_sheet([...rows], { header: headers ? [...headers] : undefined, dateNF: 'dd/mm/yyyy', cellDates: true });
  // Euro columns read as money in Excel.
  for (const [address, cell] of Object.entries(sheet)) {
    if (!address.startsWith('!') && (cell as { t?: string }).t === 'n') (cell as { z?: string }).z = '#,##0.00';
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Foglio1');
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  saveFile(bytes, `${name}.xlsx`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
};
