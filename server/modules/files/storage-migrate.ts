import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TDb } from '../../db/database';
import type { TS3Storage } from './s3-storage';
import type { TFileStorage } from './storage';
import { countStoredContents, listStoredContents } from './storage-migrate.repository';

/** Rows read per page, contents copied at once, and bytes per read from disk. */
const PAGE = 500;
const AT_ONCE = 4;
const READ_BYTES = 1024 * 1024;

export type TMigrateReport = {
  /** Live files in the table (when the run began). */
  total: number;
  /** Copied now, each read back from the bucket and checked against its recorded sha256. */
  copied: number;
  /** Already in the bucket with their recorded size and sha256 (an earlier run): left alone. */
  present: number;
  /** Keys with no content on disk. */
  missing: string[];
  /** Keys not copied (a disk copy that differs from its record, an error), with why. */
  failed: { key: string; reason: string }[];
};

const sha256Of = async (stream: Readable) => {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { size, sha256: hash.digest('hex') };
};

/**
 * Copies the content of every live file from `source` (the disk store) to `target` (a bucket) under the same key,
 * so that the rows stay as they are. A content is refused before it appears under its key when its size or sha256
 * differ from its row's, and read back once copied; one already there with the right size and recorded sha256 is
 * skipped, so a run cut short is finished by the next. Nothing is ever removed from `source`.
 */
export const migrateStorage = async ({ db, source, target, onProgress }: { db: TDb; source: TFileStorage; target: TS3Storage; onProgress?: (report: TMigrateReport) => void }) => {
  const report: TMigrateReport = { total: await countStoredContents(db), copied: 0, present: 0, missing: [], failed: [] };

  const migrateOne = async (row: { storage_key: string; size: string | number; sha256: string }) => {
    const key = row.storage_key;
    const size = Number(row.size);
    try {
      const existing = await target.describe(key);
      if (existing && existing.size === size && existing.sha256 === row.sha256) {
        report.present += 1;
        return;
      }
      if (!(await source.stat(key))) {
        report.missing.push(key);
        return;
      }
      await target.importObject(key, source.get(key, undefined, { chunkSize: READ_BYTES }), (measured) => {
        if (measured.size !== size || measured.sha256 !== row.sha256) throw new Error(`la copia su disco non corrisponde all'impronta registrata (${measured.size} byte, sha256 ${measured.sha256})`);
      });
      const stored = await sha256Of(target.get(key, undefined, { chunkSize: READ_BYTES }));
      if (stored.size !== size || stored.sha256 !== row.sha256) {
        // Never left behind: an earlier run would take it for a good copy (its recorded sha256 is right).
        await target.delete(key);
        throw new Error(`la copia nel bucket, riletta, non corrisponde (${stored.size} byte, sha256 ${stored.sha256})`);
      }
      report.copied += 1;
    } catch (error) {
      report.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
  };

  let after = '';
  for (;;) {
    const rows = await listStoredContents(db, after, PAGE);
    if (rows.length === 0) break;
    after = rows.at(-1)!.storage_key;
    let next = 0;
    const worker = async () => {
      while (next < rows.length) await migrateOne(rows[next++]!);
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    onProgress?.(report);
  }
  return report;
};
