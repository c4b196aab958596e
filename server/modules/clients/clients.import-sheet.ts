import * as XLSX from '@e965/xlsx';
import { IMPORT_LIMITS, IMPORT_MSG, type TImportTable } from '../../../shared/schemas/client-import';
import { AppError } from '../../platform/errors';
import type { TZipBounds } from '../../platform/zip-bounds';

/**
 * A table of text cells from the rows of an import file (CSV or Excel), with the limits checked, and the first sheet
 * of an Excel file read into one: synchronous, so an Excel file is read in a worker (clients.import-sheet.worker.ts).
 */

/** The bounds of an Excel zip: 50 MB inflated in all; no entry of more than 1 MB inflating over 500 times (deflate tops out near 1,032; a real sheet stays well under 100). */
export const EXCEL_ZIP_BOUNDS: TZipBounds = { maxInflatedBytes: IMPORT_LIMITS.maxInflatedBytes, maxRatio: 500, ratioFromBytes: 1024 * 1024 };

export const invalidFile = (message: string) => new AppError('VALIDATION', { userMessage: message, fields: { file: [message] } });
const invalid = invalidFile;

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/**
 * Header (the first non-blank row) and data rows, with the limits checked. Blank rows between data rows stay (the
 * import skips them) so each row keeps its line number; trailing ones are dropped.
 */
export const toTable = (raw: string[][]): TImportTable => {
  const first = raw.findIndex((row) => !isBlank(row));
  let end = raw.length;
  while (end > first + 1 && isBlank(raw[end - 1]!)) end -= 1;
  const [header, ...data] = first < 0 ? [] : raw.slice(first, end);
  if (!header) throw invalid(IMPORT_MSG.fileEmpty);
  if (data.length === 0) throw invalid(IMPORT_MSG.noDataRows);
  if (data.length > IMPORT_LIMITS.maxRows) throw invalid(IMPORT_MSG.tooManyRows);
  const width = Math.max(header.length, ...data.map((row) => row.length));
  if (width > IMPORT_LIMITS.maxColumns) throw invalid(IMPORT_MSG.tooManyColumns);
  data.forEach((row, index) => {
    if (row.some((cell) => cell.length > IMPORT_LIMITS.maxCellChars)) throw invalid(IMPORT_MSG.cellTooLong(index + 2));
  });
  const pad = (row: string[]) => (row.length < width ? [...row, ...Array<string>(width - row.length).fill('')] : row);
  return { header: pad(header.map((cell) => cell.trim())), rows: data.map(pad) };
};

const pad2 = (value: number) => String(value).padStart(2, '0');

/** One Excel cell as text: dates as ISO `yyyy-mm-dd`, whole numbers without exponent, others as formatted. */
const cellText = (cell: XLSX.CellObject | undefined): string => {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'd' && cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  if (cell.t === 'n' && typeof cell.v === 'number') {
    if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
      const date = XLSX.SSF.parse_date_code(cell.v);
      if (date) return `${date.y}-${pad2(date.m)}-${pad2(date.d)}`;
    }
    if (Number.isInteger(cell.v)) return String(cell.v);
    return cell.w ?? String(cell.v);
  }
  if (cell.t === 'b') return cell.v ? 'VERO' : 'FALSO';
  if (cell.t === 'e') return '';
  return String(cell.w ?? cell.v);
};

/** The first sheet of an Excel file (.xlsx, .xls, .ods), at most IMPORT_LIMITS.maxRows data rows read. */
export const parseExcel = (data: Buffer): TImportTable => {
  let sheet: XLSX.WorkSheet | undefined;
  try {
    const book = XLSX.read(data, { type: 'buffer', dense: true, sheets: 0, sheetRows: IMPORT_LIMITS.maxRows + 2, cellFormula: false, cellHTML: false, cellStyles: false });
    sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (sheet?.['!fullref'] && sheet['!ref'] && XLSX.utils.decode_range(sheet['!fullref']).e.r > XLSX.utils.decode_range(sheet['!ref']).e.r) {
      throw invalid(IMPORT_MSG.tooManyRows);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(IMPORT_MSG.excelUnreadable);
  }
  if (!sheet?.['!ref']) throw invalid(IMPORT_MSG.fileEmpty);
  const range = XLSX.utils.decode_range(sheet['!ref']);
  if (range.e.c - range.s.c + 1 > IMPORT_LIMITS.maxColumns) throw invalid(IMPORT_MSG.tooManyColumns);
  const dense = (sheet as XLSX.DenseWorkSheet)['!data'] ?? [];
  const rows: string[][] = [];
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const cells = dense[r] ?? [];
    const row: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c += 1) row.push(cellText(cells[c]));
    rows.push(row);
  }
  return toTable(rows);
};

