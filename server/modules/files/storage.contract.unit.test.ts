import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TTestS3Server } from '../../testing/s3-server';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type TFileStorage } from './storage';

/** A storage under test, with what the contract needs to look behind it. */
type THarness = {
  storage: TFileStorage;
  /** Everything the store holds, temporary writes included. */
  list: () => Promise<string[]>;
  /** Leaves a temporary object as a write that died would. */
  leaveTemp: () => Promise<void>;
  clear: () => Promise<void>;
};

const localHarness = async (): Promise<THarness & { close: () => Promise<void> }> => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
  const list = async () => {
    const found: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (entry.isDirectory()) await walk(path.join(dir, entry.name));
        else found.push(path.relative(root, path.join(dir, entry.name)));
      }
    };
    await walk(root);
    return found;
  };
  return {
    storage: createLocalStorage(root),
    list,
    leaveTemp: async () => {
      await fs.mkdir(path.join(root, '2026', '01'), { recursive: true });
      await fs.writeFile(path.join(root, '2026', '01', `.tmp-${randomUUID()}`), 'half');
    },
    clear: async () => {
      for (const entry of await fs.readdir(root)) await fs.rm(path.join(root, entry), { recursive: true, force: true });
    },
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
};

let s3: TTestS3Server;
const s3Harness = (): THarness => {
  // A prefix, as an installation sharing its bucket would have; the listings below see the whole bucket.
  const storage = createS3Storage({ ...s3.options, prefix: 'app/' });
  const client = new S3Client({ ...s3.options, credentials: s3.options, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  const list = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((object) => object.Key!);
  return {
    storage,
    list,
    leaveTemp: async () => {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `app/tmp/${randomUUID()}`, Body: 'half' }));
    },
    clear: async () => {
      for (const key of await list()) await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
  };
};

const harnesses: Record<string, THarness> = {};
let closeLocal: () => Promise<void>;
beforeAll(async () => {
  s3 = await startS3Server();
  const local = await localHarness();
  closeLocal = local.close;
  harnesses.local = local;
  harnesses.s3 = s3Harness();
});
afterAll(async () => {
  await closeLocal?.();
  await s3?.close();
});

const read = async (stream: Readable) => Buffer.concat(await stream.toArray());
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
/** A source that hands its content over in 64 KiB chunks, as an upload does. */
const chunked = (content: Buffer) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < content.length; at += 64 * 1024) yield content.subarray(at, at + 64 * 1024);
    })(),
  );
/** A check that refuses the content once more than `limit` bytes went through (a size limit). */
const refuseAfter = (limit: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > limit ? new Error('troppo grande') : null, chunk);
    },
  });
};

describe.each(['local', 's3'])('file storage contract: %s', (name) => {
  let h: THarness;
  beforeEach(async () => {
    h = harnesses[name]!;
    await h.clear();
  });

  it('stores under a key of its own, and reads, measures and deletes the content', async () => {
    const content = randomBytes(100_000);
    const stored = await h.storage.put(chunked(content));
    expect(stored).toEqual({ key: expect.stringMatching(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/), size: content.length, sha256: sha256(content) });
    expect((await read(h.storage.get(stored.key))).equals(content)).toBe(true);
    expect(await h.storage.stat(stored.key)).toEqual({ size: content.length });
    expect(await h.list()).toHaveLength(1);

    await h.storage.delete(stored.key);
    await h.storage.delete(stored.key);
    expect(await h.storage.stat(stored.key)).toBeNull();
    expect(await h.list()).toEqual([]);
    await expect(read(h.storage.get(stored.key))).rejects.toThrow();
  });

  it('stores an empty content', async () => {
    const stored = await h.storage.put(Readable.from([]));
    expect(stored).toMatchObject({ size: 0, sha256: sha256(Buffer.alloc(0)) });
    expect(await read(h.storage.get(stored.key))).toHaveLength(0);
  });

  it('streams a content of several parts in and reads byte ranges of it, across a part boundary too', async () => {
    const content = randomBytes(11 * 1024 * 1024 + 123);
    const stored = await h.storage.put(chunked(content));
    expect(stored).toMatchObject({ size: content.length, sha256: sha256(content) });
    expect((await read(h.storage.get(stored.key, undefined, { chunkSize: 1024 * 1024 }))).equals(content)).toBe(true);
    expect((await read(h.storage.get(stored.key, { start: 10, end: 19 }))).equals(content.subarray(10, 20))).toBe(true);
    const boundary = 5 * 1024 * 1024;
    expect((await read(h.storage.get(stored.key, { start: boundary - 3, end: boundary + 2 }))).equals(content.subarray(boundary - 3, boundary + 3))).toBe(true);
    expect((await read(h.storage.get(stored.key, { start: content.length - 1, end: content.length - 1 }))).equals(content.subarray(-1))).toBe(true);
  });

  it('leaves nothing behind when a check refuses the content mid-stream, past the first parts', async () => {
    const content = randomBytes(12 * 1024 * 1024);
    let recorded = false;
    await expect(h.storage.put(chunked(content), { transforms: [refuseAfter(11 * 1024 * 1024)], beforeStore: async () => void (recorded = true) })).rejects.toThrow('troppo grande');
    expect(recorded).toBe(false);
    expect(await h.list()).toEqual([]);
  });

  it('leaves nothing behind when the source fails (an aborted upload) or is refused at once', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(64 * 1024);
        throw new Error('connessione interrotta');
      })(),
    );
    await expect(h.storage.put(failing)).rejects.toThrow('connessione interrotta');
    await expect(h.storage.put(chunked(randomBytes(1000)), { transforms: [refuseAfter(0)] })).rejects.toThrow('troppo grande');
    expect(await h.list()).toEqual([]);
  });

  it('runs beforeStore with the key before the content appears under it; when it fails nothing is stored', async () => {
    const content = randomBytes(1000);
    let seen: { key: string; stat: unknown } | undefined;
    const stored = await h.storage.put(chunked(content), {
      beforeStore: async (key) => {
        seen = { key, stat: await h.storage.stat(key) };
      },
    });
    expect(seen).toEqual({ key: stored.key, stat: null });
    await h.storage.delete(stored.key);

    await expect(
      h.storage.put(chunked(randomBytes(6 * 1024 * 1024)), {
        beforeStore: async () => {
          throw new Error('registrazione fallita');
        },
      }),
    ).rejects.toThrow('registrazione fallita');
    expect(await h.list()).toEqual([]);
  });

  it('sweeps temporary objects of dead writes once they are older than the grace period', async () => {
    const kept = await h.storage.put(chunked(randomBytes(1000)));
    await h.leaveTemp();
    expect(await h.storage.sweepTemp!(60_000)).toBe(0);
    expect(await h.list()).toHaveLength(2);
    await sleep(1100);
    expect(await h.storage.sweepTemp!(100)).toBe(1);
    expect(await h.list()).toHaveLength(1);
    expect(await h.storage.stat(kept.key)).toEqual({ size: 1000 });
  });

  it('lets a reader stop early (a closed download) and goes on serving', async () => {
    const content = randomBytes(3 * 1024 * 1024);
    const stored = await h.storage.put(chunked(content));
    for (let i = 0; i < 3; i += 1) {
      const stream = h.storage.get(stored.key);
      for await (const chunk of stream) {
        expect((chunk as Buffer).length).toBeGreaterThan(0);
        break;
      }
      expect(stream.destroyed).toBe(true);
    }
    expect((await read(h.storage.get(stored.key))).equals(content)).toBe(true);
  });

  it('refuses keys it did not make', () => {
    expect(() => h.storage.get('../../etc/passwd')).toThrow('invalid storage key');
  });
});
