import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertKey, measuring, newKey, type TFileStorage } from './storage';

export type TS3StorageOptions = {
  bucket: string;
  /** Prepended to every key (`platform/`), so that one bucket can hold several installations. */
  prefix?: string;
  /** An S3-compatible server (MinIO, Ceph...); AWS itself when absent. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `host/bucket/key` addresses instead of `bucket.host/key` (what most S3-compatible servers want). */
  forcePathStyle: boolean;
};

/** Size and sha256 of a stored object, as measured while it streamed in. */
type TMeasured = { size: number; sha256: string };

export type TS3Storage = TFileStorage & {
  /** Fails unless the bucket exists and these credentials reach it. */
  checkBucket: () => Promise<void>;
  /** Size and recorded sha256 (null for an object stored by someone else) of an object; null when missing. */
  describe: (key: string) => Promise<{ size: number; sha256: string | null } | null>;
};

/** Bytes per part of a multipart upload (S3's minimum), and parts sent at once: an upload holds about (2 + 1) parts in memory. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
/** Where writes land before they are checked and recorded (never a real key: those start with the year). */
const TEMP_DIR = 'tmp/';

const isNotFound = (error: unknown) => error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * An S3-compatible bucket. A write streams (multipart, a few parts in memory at a time) to a `tmp/<uuid>` object
 * while the caller's transforms check it and its size and sha256 are measured; only once it is complete and
 * checked does `beforeStore` run and the object get copied under its real key (server side, with its sha256 as
 * metadata), the temporary object being removed in every case. So a refused, failed or aborted upload leaves no
 * object (lib-storage aborts its multipart upload), and a crash leaves at most a `tmp/` object, removed by
 * `sweepTemp`, or the parts of an unfinished multipart upload (a lifecycle rule on the bucket removes those).
 */
export const createS3Storage = (options: TS3StorageOptions): TS3Storage => {
  const { bucket } = options;
  const prefix = options.prefix ? options.prefix.replace(/\/?$/, '/') : '';
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: the newer defaults (CRC32, aws-chunked bodies) are refused by
    // several S3-compatible servers, and the content's sha256 is checked by us anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A download holds its connection while the browser reads (a video being watched): more than the default 50.
    // An unreachable server fails a request in seconds rather than the system's minutes; a connection silent for
    // minutes (a stalled server, or a paused video's reader: the player asks for its range again) is closed.
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 5 * 60_000, httpAgent: { maxSockets: 256 }, httpsAgent: { maxSockets: 256 } },
  });

  const objectKey = (key: string) => {
    assertKey(key);
    return `${prefix}${key}`;
  };
  const remove = (fullKey: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fullKey }));

  /** The write described above, to `fullKey`; `beforeStore` runs between the complete upload and the copy. */
  const write = async (fullKey: string, source: Readable, transforms: Transform[], beforeStore: (measured: TMeasured) => Promise<void>): Promise<TMeasured> => {
    const temp = `${prefix}${TEMP_DIR}${randomUUID()}`;
    const measure = measuring();
    const body = new PassThrough();
    const upload = new Upload({ client, params: { Bucket: bucket, Key: temp, Body: body }, partSize: PART_BYTES, queueSize: PARTS_AT_ONCE });
    // The first failure is the one reported (a refused type, not the upload's "stream destroyed" that follows it).
    const stop = new AbortController();
    let failure: { error: unknown } | undefined;
    const fail = (error: unknown) => {
      failure ??= { error };
      stop.abort();
    };
    let copying = false;
    try {
      // A failed stream destroys `body`, which fails the upload (lib-storage then aborts its multipart upload); a
      // failed upload stops the stream. Both are awaited to the end, so nothing is still being written afterwards.
      await Promise.allSettled([pipeline([source, ...transforms, measure, body], { signal: stop.signal }).catch(fail), upload.done().catch(fail)]);
      if (failure) throw failure.error;
      const measured = measure.result();
      await beforeStore(measured);
      copying = true;
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: fullKey,
          CopySource: `${bucket}/${temp.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'REPLACE',
          ContentType: 'application/octet-stream',
          Metadata: { sha256: measured.sha256 },
        }),
      );
      return measured;
    } catch (error) {
      // A copy that failed on our side may still have been made on the server's.
      if (copying) await remove(fullKey).catch(() => undefined);
      throw error;
    } finally {
      // Missing when the upload never completed (a no-op then); a removal that fails is left to sweepTemp.
      await remove(temp).catch(() => undefined);
    }
  };

  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  return {
    checkBucket: async () => {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    put: async (source, options = {}) => {
      const key = newKey();
      const measured = await write(objectKey(key), source, options.transforms ?? [], async () => options.beforeStore?.(key));
      return { key, ...measured };
    },
    importObject: (key, source, check) =>
      write(objectKey(key), source, [], async (measured) => {
        check?.(measured);
      }),
    get: (key, range, options) => {
      const fullKey = objectKey(key);
      const out = new PassThrough(options?.chunkSize ? { highWaterMark: options.chunkSize } : {});
      // A reader that stops early (a closed download) ends the request to S3 too, freeing its connection.
      const stop = new AbortController();
      out.once('close', () => {
        if (!out.readableEnded) stop.abort();
      });
      client
        .send(new GetObjectCommand({ Bucket: bucket, Key: fullKey, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }), { abortSignal: stop.signal })
        .then((answer) => pipeline(answer.Body as Readable, out))
        .catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
    stat: async (key) => {
      const answer = await head(key);
      return answer ? { size: answer.ContentLength ?? 0 } : null;
    },
    describe: async (key) => {
      const answer = await head(key);
      return answer ? { size: answer.ContentLength ?? 0, sha256: answer.Metadata?.sha256 ?? null } : null;
    },
    delete: async (key) => {
      await remove(objectKey(key));
    },
    localPath: () => null,
    sweepTemp: async (olderThanMs) => {
      // A temporary object exists from its upload's end to its copy (a database insert apart): one older than the
      // grace period belongs to a write that died.
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${TEMP_DIR}`, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || (object.LastModified?.getTime() ?? Infinity) >= cutoff) continue;
          await remove(object.Key);
          removed += 1;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },
  };
};
