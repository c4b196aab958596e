import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/testing/free-port';


let child: ChildProcess | undefined;
let dataDir = '';
afterAll(async () => {
  child?.kill('SIGTERM');
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('builds what is missing, migrates the embedded database, creates the first admin and serves API and client', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'platform-start-'));
    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: 'capo@example.it', ADMIN_PASSWORD: '', TEST_DATABASE_URL: '', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 150_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline && child.exitCode === null) {
      healthy = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(healthy, output).toBe(true);
    expect((await (await fetch(`${base}/api/health`)).json()).database).toBe('pglite');

    const password = /Password generata \(mostrata solo ora\): (\S+)/.exec(output)?.[1];
    expect(password, output).toBeTruthy();
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'capo@example.it', password }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ role: 'admin', state: 'active' });

    for (const route of ['/', '/accedi', '/admin/gestione-utenti']) {
      const page = await fetch(`${base}${route}`);
      expect(page.status, `${route}: ${output.slice(-3000)}`).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }
    const missing = await fetch(`${base}/api/non-esiste`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('NOT_FOUND');
    await fs.access(path.join(dataDir, 'pglite'));

    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
    expect(code).toBe(0);
  }, 180_000);
});
