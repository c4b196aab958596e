import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TTestS3Server } from '../../testing/s3-server';
import { useTestApp } from '../../testing/test-app';
import { HTML_AS_PNG, multipart, pdfOf, pngOf, type TPart } from './files.fixtures';

// The app with STORAGE=s3 on a real S3-compatible server started here: its address is known only once it runs,
// so the environment is filled in before the app's own beforeAll reads it.
let s3: TTestS3Server;
const env: Record<string, string> = { UPLOAD_MAX_FILE_MB: '8' };
beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(env, s3.env, { S3_PREFIX: 'platform' });
});
const t = useTestApp(env);
afterAll(async () => {
  await s3?.close();
});

let client: S3Client;
beforeAll(() => {
  client = new S3Client({ ...s3.options, credentials: s3.options, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
});
const bucketKeys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((object) => object.Key!).sort();
beforeEach(async () => {
  for (const key of await bucketKeys()) await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
});

const PASSWORD = 'Segreta123';
const signIn = async () => {
  await t.createUser({ email: 'corner@example.it', password: PASSWORD });
  return t.login('corner@example.it', PASSWORD);
};
const upload = (cookie: string, parts: TPart[]) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: body.payload, headers: { ...body.headers, cookie } });
};
const storageKeys = async () => (await t.database.db.withTables<{ files: { storage_key: string } }>().selectFrom('files').select('storage_key').execute()).map((row) => `platform/${row.storage_key}`).sort();
const pendingRows = async () => (await t.database.db.selectFrom('pending_blobs').selectAll().execute()).length;

describe('files in an S3-compatible bucket (STORAGE=s3)', () => {
  it('stores an upload in the bucket under its row’s key, and serves it back whole and by byte range', async () => {
    const cookie = await signIn();
    // Over one multipart part (5 MiB), so the upload streams in parts.
    const pdf = Buffer.concat([await pdfOf(), randomBytes(6 * 1024 * 1024)]);
    const uploaded = await upload(cookie, [{ kind: 'file', field: 'file0', filename: 'contratto.pdf', content: pdf }]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { path: filePath } = uploaded.json().files[0] as { path: string };

    expect(await bucketKeys()).toEqual(await storageKeys());
    expect(await bucketKeys()).toHaveLength(1);
    expect(await pendingRows()).toBe(0);
    // Nothing on this machine's disk.
    expect(await fs.readdir(path.join(t.config.dataDir, 'files')).catch(() => [])).toEqual([]);

    const whole = await t.app.inject({ method: 'GET', url: `/api/docs/file?path=${filePath}`, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(pdf.length));
    expect(whole.rawPayload.equals(pdf)).toBe(true);

    const ranged = await t.app.inject({ method: 'GET', url: `/api/docs/file?path=${filePath}`, headers: { cookie, range: 'bytes=5242870-5242889' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 5242870-5242889/${pdf.length}`);
    expect(ranged.rawPayload.equals(pdf.subarray(5242870, 5242890))).toBe(true);

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/docs/delete', payload: { path: filePath }, headers: { cookie } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bucketKeys()).toEqual([]);
  });

  it('leaves nothing in the bucket when an upload is refused mid-stream (size, type)', async () => {
    const cookie = await signIn();
    const tooLarge = await upload(cookie, [
      { kind: 'file', field: 'file0', filename: 'piccolo.pdf', content: await pdfOf() },
      { kind: 'file', field: 'file1', filename: 'grande.pdf', content: Buffer.concat([await pdfOf(), randomBytes(9 * 1024 * 1024)]) },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    const forged = await upload(cookie, [{ kind: 'file', field: 'file0', filename: 'foto.png', content: HTML_AS_PNG }]);
    expect(forged.statusCode).toBe(400);
    expect(await bucketKeys()).toEqual([]);
    expect(await storageKeys()).toEqual([]);
    expect(await pendingRows()).toBe(0);
  });

  it('resizes a stored image read from the bucket', async () => {
    const cookie = await signIn();
    const uploaded = await upload(cookie, [{ kind: 'file', field: 'file0', filename: 'foto.png', content: await pngOf(800, 400) }]);
    const { path: filePath } = uploaded.json().files[0] as { path: string };
    const image = await t.app.inject({ method: 'GET', url: `/_next/image?url=${encodeURIComponent(filePath)}&w=640&q=60`, headers: { cookie, accept: 'image/webp' } });
    expect(image.statusCode, image.body).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 320 });
  });
});
