import { parse as parseCsv } from 'csv-parse/sync';
import { IMPORT_LIMITS, IMPORT_MSG, type TImportTable } from '../../../shared/schemas/client-import';
import { runWorkerTask } from '../../platform/worker-task';
import { zipDirectoryProblem } from '../../platform/zip-bounds';
import { EXCEL_ZIP_BOUNDS, invalidFile as invalid, toTable } from './clients.import-sheet';

/**
 * Reading an uploaded import file into a table of text cells (server only): CSV (`;`, `,` or tab, UTF-8 with or
 * without BOM, or Windows-1252 as older Excel saves it) or Excel (.xlsx, .xls, .ods: the first sheet). The first
 * non-blank row is the header; blank rows are dropped. Dates in Excel cells come out as ISO dates.
 *
 * An Excel file is parsed off the request thread (issue 26): a zip (.xlsx, .ods) is refused first when its central
 * directory declares more than IMPORT_LIMITS.maxInflatedBytes or an absurd compression ratio, then read in a worker
 * (clients.import-sheet.worker.ts) that checks the bytes really inflated against the same bounds before parsing, with
 * a heap and a time limit. A CSV is at most 10 MB of text, parsed here as before.
 */

/** The worker reading one Excel file: its heap and its time. */
export const EXCEL_WORKER_LIMITS = { maxOldGenerationSizeMb: 512, timeoutMs: 20_000 };

const EXCEL_WORKER = new URL('./clients.import-sheet.worker.ts', import.meta.url);

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

/** The first sheet of an Excel file, read in a worker; Italian refusals for a file too large once inflated or too heavy. */
const readExcel = async (data: Buffer): Promise<TImportTable> => {
  if (isZip(data)) {
    const problem = zipDirectoryProblem(data, EXCEL_ZIP_BOUNDS);
    if (problem === 'unreadable') throw invalid(IMPORT_MSG.excelUnreadable);
    if (problem) throw invalid(IMPORT_MSG.excelInflatesTooMuch);
  }
  // A copy the worker owns: the request's buffer may be a slice of a larger pooled one.
  const bytes = new Uint8Array(data);
  const outcome = await runWorkerTask<TImportTable>(EXCEL_WORKER, bytes, [bytes.buffer], EXCEL_WORKER_LIMITS);
  if (outcome.ok) return outcome.value;
  throw invalid('message' in outcome ? outcome.message : IMPORT_MSG.excelTooHeavy);
};

/** The table of an uploaded file, told apart by its content (not its name); Italian errors for what cannot be read. */
export const readImportFile = async (data: Buffer): Promise<TImportTable> => {
  if (data.length === 0) throw invalid(IMPORT_MSG.fileEmpty);
  if (data.length > IMPORT_LIMITS.maxFileBytes) throw invalid(IMPORT_MSG.fileTooLarge);
  if (isZip(data) || isOle(data)) return readExcel(data);
  if (data.subarray(0, 4096).includes(0)) throw invalid(IMPORT_MSG.formatUnknown);
  return parseCsvText(decodeText(data));
};
