import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { readOutbox } from '../../testing/outbox';
import { createTestDatabase } from '../../testing/test-database';
import { queueEmail } from './email-outbox';

// A previous process claimed an e-mail and died mid-send; this one starts on the same database.
const database = await createTestDatabase();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'platform-test-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', SUPPORT_EMAIL: 'assistenza@example.it' });

afterAll(async () => {
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('an e-mail claimed by a process that died', () => {
  it('is sent at once when the app starts on the embedded database; on PostgreSQL it keeps its lease (peers may be sending it)', async () => {
    const db = database.db;
    await queueEmail(db, { to: 'cliente@example.it', subject: 'Benvenuto', text: 'Ciao' });
    // As the crashed sender left it: the job running under a five-minute lease, the record marked as being sent.
    await db.updateTable('jobs').set({ state: 'running', attempts: 1, locked_until: sql<Date>`now() + interval '5 minutes'` }).where('name', '=', 'email.send').execute();
    await db.updateTable('email_outbox').set({ status: 'sending', attempts: 1, next_attempt_at: sql<Date>`now() + interval '5 minutes'` }).execute();

    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      await app.emailOutbox.drain();
      await app.mailer.idle();
      const sent = await readOutbox(path.join(dataDir, 'outbox'));
      const row = await db.selectFrom('email_outbox').select(['status', 'attempts']).executeTakeFirstOrThrow();
      if (database.kind === 'pglite') {
        expect(sent.map((mail) => mail.to)).toEqual(['cliente@example.it']);
        expect(row).toEqual({ status: 'sent', attempts: 2 });
      } else {
        expect(sent).toEqual([]);
        expect(row.status).toBe('sending');
      }
    } finally {
      await app.close();
    }
  });
});
