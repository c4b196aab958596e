import { describe, expect, it } from 'vitest';
import { registrationFixture } from '../../testing/fixtures';
import { linkToken, makeEmailsDue } from '../../testing/outbox';
import { useTestApp } from '../../testing/test-app';

// A transport that fails while `failing` is set, and a worker that never runs by itself: what the answer leaves
// behind is what the database holds.
let failing = true;
const t = useTestApp(
  {},
  {
    mail: {
      outboxPollMs: 60_000,
      outboxRetryBaseMs: 60_000,
      beforeDeliver: async () => {
        if (failing) throw new Error('SMTP non raggiungibile');
      },
    },
  },
);
const PASSWORD = 'Segreta123';

const outboxRowsFor = (to: string) => t.database.db.selectFrom('email_outbox').selectAll().where('to', '=', to).execute();
const makeDue = () => makeEmailsDue(t.database.db);

describe('account e-mails go through the durable outbox', () => {
  it('queues the invitation of a user created by an admin before answering', async () => {
    failing = true;
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const cookie = await t.login('admin@example.it', PASSWORD);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'invitato@example.it', role: 'corner', type: 'persona', name: 'Ivo', surname: 'Neri' },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await outboxRowsFor('invitato@example.it');
    expect(row).toMatchObject({ subject: 'Il tuo account è pronto: scegli la password' });
    expect(row!.text).toContain('http://localhost:3000/recupero-password?token=');

    // Delayed by the failing transport, not lost; the link works once it arrives.
    await t.readMails();
    expect((await outboxRowsFor('invitato@example.it'))[0]!.status).not.toBe('sent');
    failing = false;
    await makeDue();
    const [mail] = (await t.readMails()).filter((item) => item.to.includes('invitato@example.it'));
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: linkToken(mail!.body, 'token'), password: 'Invitato1', confirmPassword: 'Invitato1' } });
    expect(reset.statusCode).toBe(200);
  });

  it('commits the verification e-mail with the registered account', async () => {
    failing = true;
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registrationFixture(PASSWORD) });
    expect(response.statusCode).toBe(201);
    const [row] = await outboxRowsFor('giulia@example.it');
    expect(row!.text).toContain('http://localhost:3000/accedi?verifica=');
    const token = linkToken(row!.text, 'verifica');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(200);
  });

  it('queues the recovery e-mail durably, and nothing for an unknown address', async () => {
    failing = true;
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email: 'corner@example.it' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email: 'nessuno@example.it' } });
    expect(known.body).toBe(unknown.body);
    // Queued after the answer (the same work on the request path for both), then kept while delivery fails.
    expect(await t.readMails()).toEqual([]);
    const rows = await t.database.db.selectFrom('email_outbox').selectAll().execute();
    expect(rows.map((row) => [row.to, row.status])).toEqual([['corner@example.it', 'pending']]);
    failing = false;
    await makeDue();
    const mails = await t.readMails();
    expect(mails.map((mail) => mail.to)).toEqual(['corner@example.it']);
    expect(mails[0]!.body).toContain('http://localhost:3000/recupero-password?token=');
  });
});
