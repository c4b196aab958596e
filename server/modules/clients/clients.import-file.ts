import { parse as parseCsv } from 'csv-parse/sync';
import * as XLSX from '@e965/xlsx';
import { IMPORT_LIMITS, IMPORT_MSG, type TImportTable } from '../../../shared/schemas/client-import';
import { AppError } from '../../platform/errors';

/**
 * Reading an uploaded import file into a table of text cells (server only): CSV (`;`, `,` or tab, UTF-8 with or
 * without BOM, or Windows-1252 as older Excel saves it) or Excel (.xlsx, .xls, .ods: the first sheet). The first
 * non-blank row is the header; blank rows are dropped. Dates in Excel cells come out as ISO dates.
 */

const invalid = (message: string) => new AppError('VALIDATION', { userMessage: message, fields: { file: [message] } });

const isZip = (data: Buffer) => data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
const isOle = (data: Buffer) => data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));

const decodeText = (data: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
};

/** The delimiter of a CSV: the one of `;`, `,`, tab found most often outside quotes in its first line. */
export const detectDelimiter = (text: string): string => {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return count > 0 ? best : ',';
};

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/**
 * Header (the first non-blank row) and data rows, with the limits checked. Blank rows between data rows stay (the
 * import skips them) so each row keeps its line number; trailing ones are dropped.
 */
const toTable = (raw: string[][]): TImportTable => {
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

const parseCsvText = (text: string): TImportTable => {
  const body = text.replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parseCsv(body, {
      delimiter: detectDelimiter(body),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: IMPORT_LIMITS.maxCellChars * IMPORT_LIMITS.maxColumns,
      to: IMPORT_LIMITS.maxRows + 50,
    }) as string[][];
  } catch (error) {
    throw invalid(IMPORT_MSG.csvUnreadable(error instanceof Error ? error.message.split('\n')[0]! : ''));
  }
  return toTable(records);
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

const parseExcel = (data: Buffer): TImportTable => {
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

/** The table of an uploaded file, told apart by its content (not its name); Italian errors for what cannot be read. */
export const readImportFile = (data: Buffer): TImportTable => {
  if (data.length === 0) throw invalid(IMPORT_MSG.fileEmpty);
  if (data.length > IMPORT_LIMITS.maxFileBytes) throw invalid(IMPORT_MSG.fileTooLarge);
  if (isZip(data) || isOle(data)) return parseExcel(data);
  if (data.subarray(0, 4096).includes(0)) throw invalid(IMPORT_MSG.formatUnknown);
  return parseCsvText(decodeText(data));
};
