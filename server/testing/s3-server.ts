import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './free-port';

/** Credentials s3rver accepts (it checks signatures against these). */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TTestS3Server = {
  endpoint: string;
  bucket: string;
  /** The app's environment for a storage in this server's bucket. */
  env: Record<string, string>;
  /** Options of createS3Storage for the same bucket. */
  options: { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };
  close: () => Promise<void>;
};

/** A real S3-compatible server (s3rver) on a free port, its objects in a temporary directory, with one empty bucket. */
export const startS3Server = async (bucket = 'platform-test'): Promise<TTestS3Server> => {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    options: { bucket, endpoint, region: 'us-east-1', ...S3RVER_CREDENTIALS, forcePathStyle: true },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
};
