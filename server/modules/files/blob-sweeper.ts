import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import type { TModuleJob } from '../../platform/module';
import * as pending from './pending-blobs.repository';
import type { TFileStorage } from './storage';

/** Keys handled per transaction (each one's content is removed while its row is locked). */
const BATCH = 100;

/**
 * Removes what an interrupted write left in the storage: contents recorded as pending (their `files` row never
 * came: a crash, or a failure whose clean-up failed too) for longer than `graceMs`, and temporary files untouched
 * for as long. A content is removed while its pending row is locked, and the row only once it is gone, so a sweep
 * cut short is finished by the next; with several instances on PostgreSQL each sweeps different keys (skip
 * locked), and an upload that commits its row meanwhile waits for the lock, finds its key gone and fails cleanly.
 */
export const sweepOrphanBlobs = async ({ db, storage, graceMs }: { db: TDb; storage: TFileStorage; graceMs: number }) => {
  let blobs = 0;
  for (;;) {
    const swept = await db.transaction().execute(async (trx) => {
      const keys = (await pending.lockStalePendingBlobs(trx, graceMs, BATCH)).map((row) => row.storage_key);
      for (const key of keys) await storage.delete(key);
      await pending.clearPendingBlobs(trx, keys);
      return keys.length;
    });
    blobs += swept;
    if (swept < BATCH) break;
  }
  const temps = (await storage.sweepTemp?.(graceMs)) ?? 0;
  return { blobs, temps };
};

/** The sweep runs at least this often (more often when the grace period is shorter). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * The sweep as a job of the app's runner, on a schedule: once per period across every instance, the first
 * period's at start. A failed sweep is logged and left to the next period.
 */
export const orphanSweepJob = ({ sweep, graceMs, logger }: { sweep: () => Promise<{ blobs: number; temps: number }>; graceMs: number; logger: FastifyBaseLogger }): TModuleJob => ({
  name: 'files.sweep-orphans',
  handler: async () => {
    const result = await sweep();
    if (result.blobs > 0 || result.temps > 0) logger.info(result, 'file orfani rimossi');
  },
  options: { maxAttempts: 1 },
  schedule: { everyMs: Math.min(graceMs, SWEEP_EVERY_MS) },
});
