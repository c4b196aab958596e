import { describe, expect, it } from 'vitest';
import { makeEmailsDue } from '../../testing/outbox';
import { createPeerApp, useTestApp } from '../../testing/test-app';

// A transport that fails while `failing` is set: delivery must be delayed, never lost.
let failing = true;
let attemptsSeen = 0;
const t = useTestApp(
  {},
  {
    mail: {
      outboxPollMs: 60_000,
      outboxRetryBaseMs: 60_000,
      beforeDeliver: async () => {
        attemptsSeen += 1;
        if (failing) throw new Error('SMTP non raggiungibile');
      },
    },
  },
);
const PASSWORD = 'Segreta123';

const outboxRows = () => t.database.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();
const makeDue = () => makeEmailsDue(t.database.db);

describe('e-mail outbox worker', () => {
  it('keeps a mail whose delivery failed, retries it later with growing backoff, and sends it once', async () => {
    failing = true;
    attemptsSeen = 0;
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    await t.app.services.notifications.notifyNewUser({ email: 'nuovo@example.it', name: 'Nuovo' });

    expect(await t.readMails()).toEqual([]);
    let [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMTP non raggiungibile', sent_at: null });
    const firstDelay = row!.next_attempt_at.getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(50_000);

    // Not due yet: a drain leaves it alone.
    await t.app.emailOutbox.drain();
    expect((await outboxRows())[0]!.attempts).toBe(1);

    await makeDue();
    await t.app.emailOutbox.drain();
    [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(110_000);

    failing = false;
    await makeDue();
    const mails = await t.readMails();
    expect(mails.map((mail) => mail.to)).toEqual(['admin@example.it']);
    [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(attemptsSeen).toBe(3);

    // Sent once: nothing more goes out.
    await makeDue();
    expect(await t.readMails()).toHaveLength(1);
  });

  it('sends each due mail once when two drains of one process race', async () => {
    failing = false;
    attemptsSeen = 0;
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    await t.createUser({ email: 'admin2@example.it', password: PASSWORD, role: 'admin' });
    for (let index = 0; index < 5; index += 1) await t.app.services.notifications.notifyNewUser({ email: `n${index}@example.it`, name: `N${index}` });
    await Promise.all([t.app.emailOutbox.drain(), t.app.emailOutbox.drain()]);
    expect(await t.readMails()).toHaveLength(10);
    expect(attemptsSeen).toBe(10);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('e-mail outbox across instances (PostgreSQL)', () => {
  it('never sends one mail twice when two instances drain the same outbox', async () => {
    failing = false;
    attemptsSeen = 0;
    const peer = await createPeerApp(t);
    try {
      await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
      await t.createUser({ email: 'admin2@example.it', password: PASSWORD, role: 'admin' });
      await t.database.db.transaction().execute(async () => {
        for (let index = 0; index < 30; index += 1) await t.app.services.notifications.notifyNewUser({ email: `n${index}@example.it`, name: `N${index}` });
      });
      await Promise.all([t.app.emailOutbox.drain(), peer.app.emailOutbox.drain(), t.app.emailOutbox.drain(), peer.app.emailOutbox.drain()]);
      await peer.app.mailer.idle();
      const mails = await t.readMails();
      expect(mails).toHaveLength(60);
      expect(new Set(mails.map((mail) => `${mail.to} ${mail.subject} ${mail.body}`)).size).toBe(60);
      const rows = await outboxRows();
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await peer.close();
    }
  });
});
