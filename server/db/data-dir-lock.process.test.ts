/**
 * One embedded database, one process: real server processes (`server/main.ts`, from the run's bundle) and the demo loader
 * (`server/demo.ts`) on one DATA_DIR. The second process refuses to start, naming the holder's pid, while the first
 * keeps answering; once the first is SIGKILLed its stale lock is taken over; a clean shutdown removes the lock.
 * Only the embedded database is locked, so this runs in the `pglite` project.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { freePort } from '../testing/free-port';
import { newServerDataDir, serverProcessEnv, spawnScript, startServerProcess, type TServerProcess } from '../testing/server-process';

const ADMIN = { email: 'lock-admin@example.it', password: 'Lock-Test-12345' };

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch((error: unknown) => console.error('cleanup:', error));
});

const envFor = (dataDir: string, port: number) => serverProcessEnv({ port, dataDir, admin: ADMIN });

/** Its exit code, or 'still running' after `ms` (a process that was not refused). */
const exitWithin = (server: TServerProcess, ms: number) =>
  Promise.race([server.exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), ms))]);

const logsIn = async (port: number) => {
  const base = `http://127.0.0.1:${port}`;
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(ADMIN) });
  return response.status;
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database lock (real processes)', () => {
  it('a second server and the demo loader refuse a DATA_DIR in use; after SIGKILL the stale lock is taken over; a clean stop removes it', async () => {
    const dataDir = await newServerDataDir('db-lock-');
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const lockFile = path.join(dataDir, 'pglite.lock');
    const expected = (pid: number) => MSG.databaseInUse(path.join(dataDir, 'pglite'), pid);
    const [portA, portB] = [await freePort(), await freePort()];

    const serverA = await startServerProcess(envFor(dataDir, portA), `http://127.0.0.1:${portA}`);
    cleanup.push(() => serverA.kill('SIGKILL'));
    const pidA = serverA.child.pid!;

    // B on the same data: refused, with the message naming A's pid; A keeps answering.
    const refused = spawnScript('server/main.ts', envFor(dataDir, portB));
    cleanup.push(() => refused.kill('SIGKILL'));
    expect(await exitWithin(refused, 60_000)).toBe(1);
    expect(refused.output()).toContain(expected(pidA));
    expect(await fetch(`http://127.0.0.1:${portB}/api/health`).then((r) => r.status, () => 'no answer')).toBe('no answer');
    expect(await logsIn(portA)).toBe(200);
    expect((await fs.readFile(lockFile, 'utf8')).trim()).toBe(String(pidA));

    // The demo loader reads DATA_DIR from the same environment: refused the same way.
    const demo = spawnScript('server/demo.ts', envFor(dataDir, portB));
    cleanup.push(() => demo.kill('SIGKILL'));
    expect(await exitWithin(demo, 60_000)).toBe(1);
    expect(demo.output()).toContain(expected(pidA));
    expect(await logsIn(portA)).toBe(200);

    // A dies without cleaning up: its lock stays, and B takes it over.
    await serverA.kill('SIGKILL');
    expect((await fs.readFile(lockFile, 'utf8')).trim()).toBe(String(pidA));
    const serverB = await startServerProcess(envFor(dataDir, portB), `http://127.0.0.1:${portB}`);
    cleanup.push(() => serverB.kill('SIGKILL'));
    expect((await fs.readFile(lockFile, 'utf8')).trim()).toBe(String(serverB.child.pid));
    expect(await logsIn(portB)).toBe(200);

    // A clean stop (SIGTERM) releases the lock.
    await serverB.kill('SIGTERM');
    expect(serverB.child.exitCode).toBe(0);
    await expect(fs.access(lockFile)).rejects.toThrow();
  }, 240_000);
});
