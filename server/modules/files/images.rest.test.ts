import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../../shared/schemas/files';
import { useTestApp } from '../../testing/test-app';
import { HTML_AS_PNG, jpegOf, multipart, pdfOf, pngOf } from './files.fixtures';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
const t = useTestApp({ CLIENT_DIR: clientDir });
const PASSWORD = 'Segreta123';

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'images'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'images', 'logo.png'), await pngOf(1000, 500));
  fs.writeFileSync(path.join(clientDir, 'images', 'finto.png'), HTML_AS_PNG);
  fs.writeFileSync(path.join(clientDir, 'images', 'vettoriale.png'), '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"/>');
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const signIn = async (email: string) => {
  await t.createUser({ email, password: PASSWORD });
  return t.login(email, PASSWORD);
};

const uploadOne = async (cookie: string, name: string, content: Buffer) => {
  const body = multipart([{ kind: 'file', field: 'file0', filename: name, content }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: body.payload, headers: { ...body.headers, cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().files[0].path as string;
};

const image = (query: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/_next/image?${query}`, headers });

describe('GET /_next/image', () => {
  it('resizes a stored image to the asked width, as WebP when accepted, private and varying on Accept', async () => {
    const cookie = await signIn('corner@example.it');
    const filePath = await uploadOne(cookie, 'foto.jpg', await jpegOf(1600, 1200));
    const response = await image(`url=${encodeURIComponent(filePath)}&w=640&q=60`, { cookie, accept: 'image/avif,image/webp,*/*' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers.vary).toBe('Accept');
    expect(response.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });

    // Without WebP in Accept: the source format; defaults w=360.
    const plain = await image(`url=${encodeURIComponent(filePath)}`, { cookie, accept: 'image/*' });
    expect(plain.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(plain.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 360 });

    // Cached on disk: the second answer is the same file.
    const again = await image(`url=${encodeURIComponent(filePath)}&w=640&q=60`, { cookie, accept: 'image/webp' });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'cache', 'images')).length).toBeGreaterThan(0);
  });

  it('never enlarges, and refuses widths outside the list and bad qualities', async () => {
    const cookie = await signIn('corner@example.it');
    const filePath = await uploadOne(cookie, 'piccola.png', await pngOf(100, 50));
    const response = await image(`url=${filePath}&w=1080`, { cookie });
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 100, height: 50, format: 'png' });
    for (const query of ['w=500', 'w=99999', 'q=0', 'q=101', 'w=abc']) {
      const bad = await image(`url=${filePath}&${query}`, { cookie });
      expect(bad.statusCode, query).toBe(400);
    }
    expect((await image(`url=${filePath}&w=500`, { cookie })).json().message).toBe(FILE_MSG.imageWidthInvalid);
  });

  it('checks the caller’s access to stored files and refuses files that are not images', async () => {
    const owner = await signIn('owner@example.it');
    const other = await signIn('other@example.it');
    const filePath = await uploadOne(owner, 'foto.png', await pngOf(400, 400));
    expect((await image(`url=${filePath}`)).statusCode).toBe(401);
    expect((await image(`url=${filePath}`, { cookie: other })).statusCode).toBe(404);
    expect((await image(`url=${encodeURIComponent(`/api/docs/file?path=${filePath}`)}`, { cookie: owner })).statusCode).toBe(200);
    const pdf = await uploadOne(owner, 'doc.pdf', await pdfOf());
    expect((await image(`url=${pdf}`, { cookie: owner })).json().message).toBe(FILE_MSG.imageInvalid);
  });

  it('serves same-origin static images without a session, and never other hosts, traversal or non-images', async () => {
    const response = await image('url=/images/logo.png&w=256', { accept: 'image/webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public/);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 256, height: 128, format: 'webp' });
    for (const url of [
      'https://example.com/a.png',
      '//example.com/a.png',
      'http://127.0.0.1/images/logo.png',
      '/../../etc/passwd',
      '/images/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/images/logo.png%00.png',
      '/etc/passwd',
      '/images/nessuna.png',
      '/images/finto.png',
      '/images/vettoriale.png',
    ]) {
      const refused = await image(`url=${encodeURIComponent(url)}&w=64`);
      expect([400, 404], url).toContain(refused.statusCode);
    }
  });
});
