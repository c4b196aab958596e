import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TTestS3Server } from '../../testing/s3-server';
import { useTestApp } from '../../testing/test-app';
import { multipart, pdfOf, pngOf } from './files.fixtures';
import { createS3Storage, type TS3Storage } from './s3-storage';
import { migrateStorage } from './storage-migrate';

// The app on disk (the default); the bucket the contents move to.
const t = useTestApp();
let s3: TTestS3Server;
let target: TS3Storage;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  target = createS3Storage({ ...s3.options, prefix: 'platform/' });
  client = new S3Client({ ...s3.options, credentials: s3.options, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
});
afterAll(async () => {
  await s3?.close();
});
const bucketKeys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((object) => object.Key!).sort();
beforeEach(async () => {
  for (const key of await bucketKeys()) await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
});

const PASSWORD = 'Segreta123';
/** Three files uploaded through the API (stored on disk), with their rows. */
const uploadThree = async () => {
  await t.createUser({ email: 'corner@example.it', password: PASSWORD });
  const cookie = await t.login('corner@example.it', PASSWORD);
  const body = multipart([
    { kind: 'file', field: 'file0', filename: 'uno.pdf', content: await pdfOf('uno') },
    { kind: 'file', field: 'file1', filename: 'due.pdf', content: await pdfOf('due') },
    { kind: 'file', field: 'file2', filename: 'foto.png', content: await pngOf(300, 200) },
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: body.payload, headers: { ...body.headers, cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return t.database.db.withTables<{ files: { storage_key: string; size: string; sha256: string } }>().selectFrom('files').select(['storage_key', 'size', 'sha256']).orderBy('storage_key').execute();
};
const disk = () => t.app.services.files.storage;
const read = async (stream: Readable) => Buffer.concat(await stream.toArray());

describe('storage:migrate (disk to bucket)', () => {
  it('copies every file under its key, verified by its sha256, keeps the disk copies, and copies nothing on a second run', async () => {
    const rows = await uploadThree();
    const report = await migrateStorage({ db: t.database.db, source: disk(), target });
    expect(report).toEqual({ total: 3, copied: 3, present: 0, missing: [], failed: [] });
    expect(await bucketKeys()).toEqual(rows.map((row) => `platform/${row.storage_key}`));
    for (const row of rows) {
      const content = await read(target.get(row.storage_key));
      expect(createHash('sha256').update(content).digest('hex')).toBe(row.sha256);
      expect(content.equals(await read(disk().get(row.storage_key)))).toBe(true);
      expect(await target.describe(row.storage_key)).toEqual({ size: Number(row.size), sha256: row.sha256 });
    }

    expect(await migrateStorage({ db: t.database.db, source: disk(), target })).toEqual({ total: 3, copied: 0, present: 3, missing: [], failed: [] });
    expect(await bucketKeys()).toHaveLength(3);
  });

  it('reports a disk copy that is missing or differs from its record, copies neither, and replaces a wrong object in the bucket', async () => {
    const [missing, corrupt, replaced] = await uploadThree();
    await fs.rm(disk().localPath(missing!.storage_key)!);
    const corruptPath = disk().localPath(corrupt!.storage_key)!;
    const bytes = await fs.readFile(corruptPath);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    await fs.writeFile(corruptPath, bytes);
    // An earlier copy gone wrong under the third key: same size, another content.
    const wrong = Buffer.alloc(Number(replaced!.size), 1);
    await target.importObject(replaced!.storage_key, Readable.from([wrong]));

    const report = await migrateStorage({ db: t.database.db, source: disk(), target });
    expect(report).toMatchObject({ total: 3, copied: 1, present: 0, missing: [missing!.storage_key], failed: [{ key: corrupt!.storage_key, reason: expect.stringContaining('non corrisponde') }] });
    expect(await bucketKeys()).toEqual([`platform/${replaced!.storage_key}`]);
    expect(await target.describe(replaced!.storage_key)).toEqual({ size: Number(replaced!.size), sha256: replaced!.sha256 });
    // The disk copies are as they were.
    expect((await fs.readFile(corruptPath)).equals(bytes)).toBe(true);
  });
});
