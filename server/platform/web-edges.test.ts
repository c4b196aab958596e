import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import WebSocket from 'ws';
import { MSG } from '../../shared/messages';
import { connectSocket, useListeningApp } from '../testing/realtime-clients';
import { useTestApp } from '../testing/test-app';
import { computeSecurityHeaders } from './security-headers';

/** A built client in miniature: the page and one hashed asset. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-client-'));
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(clientDir, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

// PUBLIC_URL is http://localhost:3000 (createTestApp); the app listens elsewhere.
const t = useTestApp({ CLIENT_DIR: clientDir });
const live = useListeningApp(t);
const PASSWORD = 'Segreta123';

const login = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'corner@example.it', password: PASSWORD }, headers });

/** Sends raw frames over a real WebSocket to /trpc and collects the answers. */
const trpcFrames = async (frames: string[]) => {
  const ws = new WebSocket(`${live.baseUrl.replace('http', 'ws')}/trpc`);
  const answers: unknown[] = [];
  ws.on('message', (data) => answers.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  for (const frame of frames) ws.send(frame);
  const deadline = Date.now() + 5_000;
  while (answers.length < frames.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  ws.close();
  return answers as { id: unknown; error?: unknown }[];
};

describe('content security policy', () => {
  it('lets the page open sockets only to its own origin, not to any ws:/wss: host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/clienti' });
    const csp = response.headers['content-security-policy'] as string;
    const connectSrc = csp.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('connect-src'));
    expect(connectSrc).toBe("connect-src 'self' ws://localhost:3000");
    // Behind HTTPS, the secure form.
    expect(computeSecurityHeaders({ publicUrl: 'https://app.example.it' })['content-security-policy']).toContain("connect-src 'self' wss://app.example.it;");
  });
});

describe('static files and client routes', () => {
  it('answers 404 for a missing asset or file, and the page for client routes', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');

    for (const url of ['/assets/app-old000.js', '/assets/logo.svg', '/assets/nested/chunk', '/favicon.ico', '/robots.txt', '/clienti/export.csv']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect.soft(response.statusCode, url).toBe(404);
      expect.soft(response.body, url).not.toContain('<html');
    }

    for (const url of ['/', '/clienti', '/rca/123', '/admin/documenti?page=2']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect.soft(response.statusCode, url).toBe(200);
      expect.soft(response.headers['content-type'], url).toContain('text/html');
      expect.soft(response.body, url).toContain('<div id="root">');
    }
  });
});

describe('origin check', () => {
  it('refuses a state-changing request whose Origin matches only its own Host, not PUBLIC_URL', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const rebound = await login({ host: 'evil.example', origin: 'http://evil.example' });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json().message).toBe(MSG.badOrigin);
    expect(rebound.cookies).toHaveLength(0);

    // The socket.io handshake follows the same rule.
    await expect(connectSocket(live.baseUrl, { origin: live.baseUrl })).rejects.toThrow();
  });

  it('accepts PUBLIC_URL, its other loopback spellings and the Vite dev server of a local install', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173']) {
      const response = await login({ host: 'evil.example', origin });
      expect.soft(response.statusCode, origin).toBe(200);
    }
    expect((await login({ origin: 'http://localhost:3001' })).statusCode).toBe(403);
    expect((await login({})).statusCode).toBe(200);
  });
});

describe('tRPC WebSocket parse errors', () => {
  it('answer malformed frames and broken superjson with the Italian message, no JavaScript text', async () => {
    const answers = await trpcFrames([
      '{',
      JSON.stringify({ id: 7, method: 'query', params: { path: 'config.get', input: { json: { a: 'x' }, meta: { values: { a: ['bigint'] } } } } }),
    ]);
    expect(answers).toHaveLength(2);
    for (const answer of answers) {
      // Errors travel superjson-encoded, like every answer.
      const error = superjson.deserialize<{ message: string; data: Record<string, unknown> }>(answer.error as never);
      expect(error.message).toBe(MSG.malformedBody);
      expect(error.data).toMatchObject({ code: 'PARSE_ERROR', httpStatus: 400 });
      expect(error.data.stack).toBeUndefined();
      expect(JSON.stringify(answer)).not.toMatch(/JSON|Unexpected|BigInt|SyntaxError|at .*\.(m?js|ts):\d+/);
    }
    // The same over HTTP.
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const overHttp = await t.app.inject({ method: 'GET', url: '/trpc/chat.search?input=%7B', headers: { cookie } });
    expect(overHttp.statusCode, overHttp.body).toBe(400);
    expect(overHttp.json().error.json.message).toBe(MSG.malformedBody);
    expect(overHttp.body).not.toMatch(/JSON|Unexpected|SyntaxError/);
  });
});
