import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
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

/**
 * Runs `sweep` now and then every `intervalMs`, one run at a time, until `stop` (which waits for a run under way,
 * so the database is not closed under it).
 */
export const startBlobSweeper = ({ sweep, intervalMs, logger }: { sweep: () => Promise<{ blobs: number; temps: number }>; intervalMs: number; logger: FastifyBaseLogger }) => {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sweep()
      .then(
        (result) => {
          if (result.blobs > 0 || result.temps > 0) logger.info(result, 'file orfani rimossi');
        },
        (error: unknown) => logger.warn({ err: error }, 'pulizia dei file orfani non riuscita'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
