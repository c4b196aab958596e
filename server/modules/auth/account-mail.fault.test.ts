/**
 * Fault test of issue 6: 20 corners register against the real server process (`server/main.ts`, from the run's bundle)
 * while its mail cannot leave (SMTP_URL points at a closed local port, so every delivery fails and stays queued),
 * the process is SIGKILLed right after the last 201, and restarted normally (no SMTP: e-mails become .eml files
 * under DATA_DIR/outbox). Every verification e-mail arrives, once, and a link from one of them verifies its
 * account. Runs once per vitest server project: PGlite in its own DATA_DIR, PostgreSQL on a scratch database.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { registrationFixture } from '../../testing/fixtures';
import { freePort } from '../../testing/free-port';
import { linkToken, readOutbox, type TOutboxMail } from '../../testing/outbox';
import { createProcessPostgres, newServerDataDir, serverProcessEnv, startServerProcess, type TServerProcess } from '../../testing/server-process';

const POSTGRES_SERVER_URL = process.env.TEST_DATABASE_URL || '';
const DATABASE = POSTGRES_SERVER_URL ? 'postgres' : 'pglite';
const ACCOUNTS = 20;
const PASSWORD = 'Segreta123';
const ARRIVAL_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch((error: unknown) => console.error('cleanup:', error));
  cleanup = [];
});

describe(`account e-mails survive SIGKILL of the server (${DATABASE})`, () => {
  it(`delivers all ${ACCOUNTS} verification e-mails queued before the kill, after a restart`, { timeout: 300_000 }, async () => {
    const dataDir = await newServerDataDir('account-mail-fault-');
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    // Nothing listens there: a connection is refused at once, the delivery fails, the e-mail stays queued.
    const closedSmtpPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let databaseUrl = '';
    if (DATABASE === 'postgres') {
      const scratch = await createProcessPostgres(POSTGRES_SERVER_URL);
      cleanup.push(scratch.drop);
      databaseUrl = scratch.url;
    }
    const env = serverProcessEnv(
      { port, dataDir, databaseUrl, admin: { email: 'fault-admin@example.it', password: 'Fault-Test-12345' } },
      // Each registration comes from its own address (X-Forwarded-For), as 20 people would.
      { TRUST_PROXY: 'true', LOG_LEVEL: 'error' },
    );

    // A delivery claimed at the instant of the kill is taken again after this lease (2 s instead of 300).
    let server: TServerProcess = await startServerProcess({ ...env, SMTP_URL: `smtp://127.0.0.1:${closedSmtpPort}`, MAIL_SEND_TIMEOUT_SECONDS: '2' }, base);
    cleanup.push(() => server.kill('SIGKILL'));

    const emails = Array.from({ length: ACCOUNTS }, (_, index) => `fault-corner-${index}@example.it`);
    const answers = await Promise.all(
      emails.map((email, index) =>
        fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.0.${index + 1}` },
          body: JSON.stringify(registrationFixture(PASSWORD, { email })),
        }).then(async (response) => ({ status: response.status, body: await response.text() })),
      ),
    );
    await server.kill('SIGKILL');
    expect(answers.map((answer) => answer.status), JSON.stringify(answers)).toEqual(emails.map(() => 201));
    // Nothing could leave before the kill.
    expect(await readOutbox(path.join(dataDir, 'outbox'))).toEqual([]);

    server = await startServerProcess(env, base);

    const mailsFor = (mails: TOutboxMail[], email: string) => mails.filter((mail) => mail.to.includes(email));
    let mails: TOutboxMail[] = [];
    const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
    while (Date.now() < deadline) {
      mails = await readOutbox(path.join(dataDir, 'outbox'));
      if (emails.every((email) => mailsFor(mails, email).length > 0)) break;
      await sleep(250);
    }
    const missing = emails.filter((email) => mailsFor(mails, email).length === 0);
    expect(missing, `missing after ${ARRIVAL_TIMEOUT_MS} ms:\n${server.output()}`).toEqual([]);
    // Once each: a delivery that failed before the kill is not sent twice.
    await sleep(1_000);
    mails = await readOutbox(path.join(dataDir, 'outbox'));
    expect(emails.map((email) => mailsFor(mails, email).length)).toEqual(emails.map(() => 1));

    const [mail] = mailsFor(mails, emails[7]!);
    expect(mail!.body).toContain(`${base}/accedi?verifica=`);
    const json = { 'content-type': 'application/json' };
    const verified = await fetch(`${base}/api/auth/verify-email`, { method: 'POST', headers: json, body: JSON.stringify({ token: linkToken(mail!.body, 'verifica') }) });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ message: MSG.emailVerified });
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: emails[7], password: PASSWORD }) });
    expect(login.status).toBe(200);
  });
});
