import { parentPort } from 'node:worker_threads';
import { IMPORT_MSG } from '../../../shared/schemas/client-import';
import { AppError } from '../../platform/errors';
import { zipInflatedProblem } from '../../platform/zip-bounds';
import { EXCEL_ZIP_BOUNDS, parseExcel } from './clients.import-sheet';

/**
 * The worker reading one uploaded Excel file (started by clients.import-file.ts through platform/worker-task.ts; in
 * the build, its own bundle dist/server/clients.import-sheet.worker.js): the bytes in, the table or the user's
 * message out. A zip is inflated first stopping at the bounds, whatever its directory declared.
 */
parentPort?.once('message', (bytes: Uint8Array) => {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const isZip = data[0] === 0x50 && data[1] === 0x4b;
    const problem = isZip ? zipInflatedProblem(data, EXCEL_ZIP_BOUNDS) : null;
    if (problem) throw new AppError('VALIDATION', { userMessage: problem === 'unreadable' ? IMPORT_MSG.excelUnreadable : IMPORT_MSG.excelInflatesTooMuch });
    parentPort?.postMessage({ ok: true, value: parseExcel(data) });
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: error instanceof AppError ? error.userMessage : IMPORT_MSG.excelUnreadable });
  }
});
