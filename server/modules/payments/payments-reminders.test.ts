import { describe, expect, it } from 'vitest';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { PAYMENT_REMINDER_MSG } from '../../../shared/schemas/payments';
import type { TPayments } from '../../../shared/schemas/data';
import { useTestApp } from '../../testing/test-app';

// Overdue payments: flagged on the corner's list, and reminded once a day, at most three times, while notPaied.
const t = useTestApp({}, { jobs: { schedules: false } });
const PASSWORD = 'Segreta123';

const corner = async (email: string, name: string) => {
  const { id } = await t.createUser({ email, password: PASSWORD, role: 'corner', name, surname: 'Rossi' });
  return { id, cookie: await t.login(email, PASSWORD) };
};

const owed = async (cornerId: string, description: string, amountCents: number, dueDate: string, status: 'notPaied' | 'pending' | 'paied' = 'notPaied') =>
  (
    await t.database.db
      .insertInto('payments')
      .values({ corner_id: cornerId, description, amount_cents: amountCents, status, due_date: new Date(dueDate) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const reminders = async (userId: string) =>
  (await t.database.db.selectFrom('notifications').select(['data']).where('user_id', '=', userId).where('kind', '=', 'new_payment').orderBy('id').execute()).map(
    (row) => (row.data as { text: string }).text,
  );
const remindAt = (at: string) => t.app.services.payments.remindOverdue({ now: new Date(at) });
const remindersSent = async (id: string) => (await t.database.db.selectFrom('payments').select('reminders_sent').where('id', '=', id).executeTakeFirstOrThrow()).reminders_sent;

describe('overdue payment reminders', () => {
  it('reminds an overdue payment once a day, three times at most; never a paid or pending one', async () => {
    const anna = await corner('anna@example.it', 'Anna');
    const premium = await owed(anna.id, 'Premio polizza RC Auto Fiat Panda', 41_200, '2026-11-12T12:00:00Z');
    await owed(anna.id, 'Premio già pagato', 10_000, '2026-11-01T12:00:00Z', 'paied');
    await owed(anna.id, 'Premio dichiarato', 20_000, '2026-11-01T12:00:00Z', 'pending');

    // On the due day it is not overdue yet.
    expect(await remindAt('2026-11-12T20:00:00Z')).toEqual({ reminded: 0 });
    expect(await remindAt('2026-11-13T08:00:00Z')).toEqual({ reminded: 1 });
    expect(await remindAt('2026-11-13T18:00:00Z')).toEqual({ reminded: 0 });
    const text = PAYMENT_REMINDER_MSG.text('Premio polizza RC Auto Fiat Panda', formatEuroCents(41_200), '12/11/2026');
    expect(text.replace(/\u00a0/g, ' ')).toBe('Pagamento scaduto: Premio polizza RC Auto Fiat Panda di 412,00 € era da pagare entro il 12/11/2026.');
    expect(await reminders(anna.id)).toEqual([text]);

    await remindAt('2026-11-14T08:00:00Z');
    await remindAt('2026-11-14T09:00:00Z');
    await remindAt('2026-11-16T08:00:00Z');
    await remindAt('2026-11-17T08:00:00Z');
    await remindAt('2026-11-18T08:00:00Z');
    expect(await reminders(anna.id)).toEqual([text, text, text]);
    expect(await remindersSent(premium)).toBe(3);
    const [notification] = await t.database.db.selectFrom('notifications').select(['data']).where('user_id', '=', anna.id).execute();
    expect(notification?.data).toMatchObject({ title: PAYMENT_REMINDER_MSG.title, link: '/pagamenti' });
  });

  it('counts the day in Italy: a payment due on the 20th is overdue from midnight in Rome, and each corner hears of its own', async () => {
    const anna = await corner('anna@example.it', 'Anna');
    const bruno = await corner('bruno@example.it', 'Bruno');
    await owed(anna.id, 'Canone Anna', 5_000, '2026-11-20T12:00:00Z');
    await owed(bruno.id, 'Canone Bruno', 6_000, '2026-11-10T12:00:00Z');
    // 21:00 in Rome on the 20th, then 00:30 on the 21st.
    await remindAt('2026-11-20T20:00:00Z');
    expect(await reminders(anna.id)).toEqual([]);
    expect(await reminders(bruno.id)).toHaveLength(1);
    await remindAt('2026-11-20T23:30:00Z');
    expect(await reminders(anna.id)).toEqual([PAYMENT_REMINDER_MSG.text('Canone Anna', formatEuroCents(5_000), '20/11/2026')]);
    // Still the 21st in Rome for Bruno, already reminded on it.
    expect(await reminders(bruno.id)).toHaveLength(2);
    await remindAt('2026-11-21T10:00:00Z');
    expect(await reminders(bruno.id)).toHaveLength(2);
  });

  it('flags the corner’s overdue payments on its list', async () => {
    const anna = await corner('anna@example.it', 'Anna');
    const late = await owed(anna.id, 'Scaduto ieri', 1_000, new Date(Date.now() - 2 * 86_400_000).toISOString());
    const early = await owed(anna.id, 'Da pagare', 1_000, new Date(Date.now() + 5 * 86_400_000).toISOString());
    const declared = await owed(anna.id, 'Dichiarato', 1_000, new Date(Date.now() - 2 * 86_400_000).toISOString(), 'pending');
    const response = await t.app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: anna.cookie } });
    const body = response.json() as TPayments;
    const flag = (id: string) => [...body.list.notPaied, ...body.list.pending].find((payment) => payment.id === id)?.overdue;
    expect([flag(late), flag(early), flag(declared)]).toEqual([true, false, false]);
  });
});
