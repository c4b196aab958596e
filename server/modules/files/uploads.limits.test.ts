import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../../shared/schemas/files';
import { useTestApp } from '../../testing/test-app';
import { multipart, pdfOf } from './files.fixtures';

const t = useTestApp({ UPLOAD_MAX_FILE_MB: '1', UPLOAD_MAX_TOTAL_MB: '2', UPLOAD_MAX_FILES: '2' });
const PASSWORD = 'Segreta123';
let baseUrl = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
beforeEach(async () => {
  await fs.rm(path.join(t.config.dataDir, 'files'), { recursive: true, force: true });
});

const signIn = async () => {
  await t.createUser({ email: 'corner@example.it', password: PASSWORD });
  return t.login('corner@example.it', PASSWORD);
};

/** Every file under DATA_DIR/files, temp files included. */
const leftovers = async () => {
  const root = path.join(t.config.dataDir, 'files');
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(path.join(dir, entry.name));
      else found.push(entry.name);
    }
  };
  await walk(root);
  return found;
};

const fileRows = async () => (await t.database.db.withTables<{ files: { id: string } }>().selectFrom('files').select('id').execute()).length;

/** A PDF padded to `size` bytes (still recognised as a PDF by its first bytes). */
const bigPdf = async (size: number) => {
  const pdf = await pdfOf();
  return Buffer.concat([pdf, randomBytes(Math.max(0, size - pdf.length))]);
};

describe('upload limits', () => {
  it('answers 413 from the Content-Length alone, before the body is sent', async () => {
    const cookie = await signIn();
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/docs/upload`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(100 * 1024 * 1024) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      // Only the start of the body: the answer must not wait for the rest.
      request.write('--xyz\r\n');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ message: FILE_MSG.uploadTooLarge(2), type: 'warn' });
    expect(await leftovers()).toEqual([]);
  });

  it('stops reading a file over the per-file limit: 413, nothing stored, no temp file left', async () => {
    const cookie = await signIn();
    const body = multipart([
      { kind: 'file', field: 'file0', filename: 'ok.pdf', content: await pdfOf() },
      { kind: 'file', field: 'file1', filename: 'grande.pdf', content: await bigPdf(1.5 * 1024 * 1024) },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: body.payload, headers: { ...body.headers, cookie } });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(FILE_MSG.uploadFileTooLarge('grande.pdf', 1));
    expect(await leftovers()).toEqual([]);
    expect(await fileRows()).toBe(0);
  });

  it('refuses more files than allowed, and a total over the limit', async () => {
    const cookie = await signIn();
    const pdf = await pdfOf();
    const three = multipart([0, 1, 2].map((index) => ({ kind: 'file' as const, field: `file${index}`, filename: `${index}.pdf`, content: pdf })));
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: three.payload, headers: { ...three.headers, cookie } });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(FILE_MSG.uploadTooManyFiles(2));

    const pieces = [await bigPdf(1000 * 1024), await bigPdf(1000 * 1024)];
    const total = multipart(pieces.map((content, index) => ({ kind: 'file' as const, field: `file${index}`, filename: `${index}.pdf`, content })));
    const ok = await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: total.payload, headers: { ...total.headers, cookie } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await leftovers()).toHaveLength(2);
    expect(await fileRows()).toBe(2);
  });

  it('leaves nothing behind when the client aborts in the middle of a file', async () => {
    const cookie = await signIn();
    const body = multipart([
      { kind: 'file', field: 'file0', filename: 'primo.pdf', content: await pdfOf() },
      { kind: 'file', field: 'file1', filename: 'secondo.pdf', content: await bigPdf(900 * 1024) },
    ]);
    const request = http.request(`${baseUrl}/api/docs/upload`, { method: 'POST', headers: { ...body.headers, cookie, 'content-length': String(body.payload.length) } });
    request.on('error', () => {});
    request.write(body.payload.subarray(0, 600 * 1024));
    await sleep(300);
    request.destroy();
    // The server notices the closed connection, then removes the first file and the temp file of the second.
    for (let i = 0; i < 50 && (await leftovers()).length > 0; i += 1) await sleep(50);
    expect(await leftovers()).toEqual([]);
    expect(await fileRows()).toBe(0);
  });
});
