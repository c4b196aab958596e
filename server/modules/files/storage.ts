import { once } from 'node:events';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type TStoredObject = { key: string; size: number; sha256: string };

/**
 * Where file contents live. Keys are generated here (yyyy/mm/<uuid>) and never come from a client; the
 * `files` table maps them to owners and names. On local disk (below) or in an S3-compatible bucket (s3-storage.ts).
 */
export type TFileStorage = {
  /**
   * Stores a stream under a new key. `transforms` see the bytes on the way (size limits, type checks): when one
   * fails, or the source errors or is aborted, nothing is left behind and the error is rethrown. `beforeStore`
   * runs once the content is complete and checked, before it appears under its key (the caller records the key,
   * so a crash from then on leaves nothing unknown behind); when it fails, nothing is stored.
   */
  put: (source: Readable, options?: { transforms?: Transform[]; beforeStore?: (key: string) => Promise<void> }) => Promise<TStoredObject>;
  /**
   * Stores a stream under a key chosen by the caller (contents moved in from another store or a backup: same key,
   * same row); `check` sees the measured content before it appears under the key and may refuse it by throwing.
   */
  importObject: (key: string, source: Readable, check?: (measured: { size: number; sha256: string }) => void) => Promise<{ size: number; sha256: string }>;
  /** `chunkSize`: bytes per read (bulk reads such as zips use 1 MiB; the default is Node's 64 KiB). */
  get: (key: string, range?: { start: number; end: number }, options?: { chunkSize?: number }) => Readable;
  stat: (key: string) => Promise<{ size: number } | null>;
  delete: (key: string) => Promise<void>;
  /** Local path of an object, for libraries that read files (sharp); null when the object is not local. */
  localPath: (key: string) => string | null;
  /**
   * Removes the temporary files of writes that never finished (a crashed process), untouched for `olderThanMs`
   * (a running upload keeps writing to its own); answers how many. Absent where a store keeps no temporary files.
   */
  sweepTemp?: (olderThanMs: number) => Promise<number>;
};

const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Keys are ours; anything else (a tampered row, a bug) never reaches the file system. */
export const assertKey = (key: string) => {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
};

export const newKey = (now = new Date()) => `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;

/** A pass-through that counts the bytes and hashes them (sha256) on their way to a store; read `result()` at the end. */
export const measuring = () => {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { result: () => ({ size, sha256: hash.digest('hex') }) });
};

/**
 * Local disk under `root` (DATA_DIR/files). Writes go to a `.tmp-*` file in the target directory and are
 * renamed into place once complete and checked, so a crash or an aborted upload never leaves a half-written
 * object under a real key (and a crash leaves only `.tmp-*` files, removed by `sweepTemp`).
 */
export const createLocalStorage = (root: string): TFileStorage => {
  const fullPath = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };

  /** Writes `source` to a temporary file beside `key`'s place, and renames it there once `beforeStore` agrees. */
  const write = async (key: string, source: Readable, transforms: Transform[], beforeStore: (measured: { size: number; sha256: string }) => Promise<void>) => {
    const target = fullPath(key);
    const dir = path.dirname(target);
    await fsp.mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.tmp-${randomUUID()}`);
    const measure = measuring();
    const sink = fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline([source, ...transforms, measure, sink]);
      const measured = measure.result();
      await beforeStore(measured);
      await fsp.rename(temp, target);
      return measured;
    } catch (error) {
      // A refused stream can fail before the file is even opened: wait until the sink has closed (and so
      // created the file, if it was going to) before removing it, or the removal may come first.
      if (!sink.closed) await once(sink, 'close').catch(() => undefined);
      await fsp.rm(temp, { force: true });
      throw error;
    }
  };

  return {
    put: async (source, options = {}) => {
      const key = newKey();
      const measured = await write(key, source, options.transforms ?? [], async () => {
        await options.beforeStore?.(key);
      });
      return { key, ...measured };
    },
    importObject: (key, source, check) =>
      write(key, source, [], async (measured) => {
        check?.(measured);
      }),
    get: (key, range, options) => fs.createReadStream(fullPath(key), { ...range, ...(options?.chunkSize ? { highWaterMark: options.chunkSize } : {}) }),
    stat: async (key) => {
      try {
        const stats = await fsp.stat(fullPath(key));
        return { size: stats.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    delete: async (key) => {
      await fsp.rm(fullPath(key), { force: true });
    },
    localPath: (key) => fullPath(key),
    sweepTemp: async (olderThanMs) => {
      let removed = 0;
      const cutoff = Date.now() - olderThanMs;
      const walk = async (dir: string): Promise<void> => {
        const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const entryPath = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(entryPath);
          else if (entry.name.startsWith('.tmp-') && ((await fsp.stat(entryPath).catch(() => null))?.mtimeMs ?? Infinity) < cutoff) {
            await fsp.rm(entryPath, { force: true });
            removed += 1;
          }
        }
      };
      await walk(root);
      return removed;
    },
  };
};
