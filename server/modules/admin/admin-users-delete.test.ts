import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { ADMIN_USER_MSG } from '../../../shared/schemas/admin-users';
import { registrationFixture } from '../../testing/fixtures';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

const t = useTestApp();
const PASSWORD = 'Segreta123';
const db = () => t.database.db;

const world = async () => {
  const admin = await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin', name: 'Anna', surname: 'Capo' });
  const corner = await t.createUser({ email: 'mario@example.it', password: PASSWORD, name: 'Mario', surname: 'Rossi', cf: 'RSSMRA85T10A562S', phone: '3331234567' });
  const broker = await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker', brokerType: 'RC Auto', name: 'Bruno', surname: 'Verdi' });
  const adminCookie = await t.login('admin@example.it', PASSWORD);
  return { admin, corner, broker, adminCookie };
};

const remove = (cookie: string | null, id: string, payload?: object) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const userRow = (id: string) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A practice of the corner (RC Auto), in `state`, optionally held by a broker. */
const practiceOf = async (cornerId: string, state: string, brokerId: string | null = null) => {
  const client = await db().insertInto('clients').values({ corner_id: cornerId, type: 'persona', name: 'Luca', surname: 'Bianchi' }).returning('id').executeTakeFirstOrThrow();
  const practice = await db()
    .insertInto('practices')
    .values({ sector: 'rca', client_id: client.id, corner_id: cornerId, broker_id: brokerId, state, data: JSON.stringify({}), search_text: 'luca bianchi' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().insertInto('practice_events').values({ practice_id: practice.id, actor_id: cornerId, kind: 'created', to_state: state }).execute();
  return practice.id;
};

const ledgerEntry = (cornerId: string, amountCents: number, practiceId: string | null = null) =>
  db().insertInto('ledger_entries').values({ corner_id: cornerId, kind: 'correction', amount_cents: amountCents, description: 'Rettifica di prova', practice_id: practiceId }).execute();

const counts = async (cornerId: string) => ({
  practices: (await db().selectFrom('practices').select('id').where('corner_id', '=', cornerId).execute()).length,
  events: (await db().selectFrom('practice_events').select('id').where('actor_id', '=', cornerId).execute()).length,
  ledger: (await db().selectFrom('ledger_entries').select('id').where('corner_id', '=', cornerId).execute()).length,
  payouts: (await db().selectFrom('payouts').select('id').where('corner_id', '=', cornerId).execute()).length,
});

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const login = (email: string, password = PASSWORD) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('DELETE /api/admin/users/:id', () => {
  it('pseudonymises the account, keeps its practices, history, ledger and payouts, ends its sessions and refuses its login', async () => {
    const { admin, corner, adminCookie } = await world();
    const cornerCookie = await t.login('mario@example.it', PASSWORD);
    const session = await db().selectFrom('sessions').select('id').where('user_id', '=', corner.id).executeTakeFirstOrThrow();
    await db()
      .insertInto('push_subscriptions')
      .values({ user_id: corner.id, session_id: session.id, endpoint: 'https://push.example.it/1', p256dh: 'k', auth: 'a' })
      .execute();
    await db().insertInto('payout_profiles').values({ corner_id: corner.id, address: 'Via Roma 1', postal_code: '00100', city: 'Roma', province: 'RM', iban: 'IT60X0542811101000000123456' }).execute();
    await db().insertInto('referral_codes').values({ corner_id: corner.id, code: 'MARIO1' }).execute();
    const closed = await practiceOf(corner.id, 'emitted');
    await ledgerEntry(corner.id, 1500, closed);
    await ledgerEntry(corner.id, -1500);
    await db()
      .insertInto('payouts')
      .values({ corner_id: corner.id, method: 'giftcard', state: 'paid', amount_cents: 2000, withholding_cents: 0, stamp_cents: 0, net_cents: 2000, year: 2026 })
      .execute();
    const before = await counts(corner.id);
    expect(before).toEqual({ practices: 1, events: 1, ledger: 2, payouts: 1 });

    const answer = await remove(adminCookie, corner.id, { reason: 'Richiesta del corner' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ id: corner.id, state: 'deleted', message: ADMIN_USER_MSG.deleted });

    const row = await userRow(corner.id);
    expect(row).toMatchObject({ state: 'deleted', email: `eliminato-${corner.id}@invalid`, name: 'Utente eliminato', surname: '', phone: '', cf: '', vat: '', password_hash: null, img_path: null });
    expect(await db().selectFrom('payout_profiles').selectAll().where('corner_id', '=', corner.id).executeTakeFirstOrThrow()).toMatchObject({ address: '', iban: '', city: '' });
    expect(await db().selectFrom('referral_codes').selectAll().where('corner_id', '=', corner.id).execute()).toEqual([]);
    expect(await db().selectFrom('push_subscriptions').selectAll().where('user_id', '=', corner.id).execute()).toEqual([]);
    // What the law keeps stays, still pointing at the pseudonymised id, and still counted.
    expect(await counts(corner.id)).toEqual(before);

    // The open session ends at once; the login is refused with its reason.
    expect((await me(cornerCookie)).statusCode).toBe(401);
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', corner.id).execute()).toEqual([]);
    const refused = await login('mario@example.it');
    expect(refused.statusCode).toBe(401);
    const byPseudonym = await login(`eliminato-${corner.id}@invalid`);
    expect([401, 400]).toContain(byPseudonym.statusCode);

    // Audited, with the reason and nothing of the erased data; the admins are told (user_update).
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'user_deleted').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, user_id: corner.id, method: 'DELETE', path: `/api/admin/users/${corner.id}` });
    expect(audit[0]!.details).toMatchObject({ role: 'corner', previousState: 'active', reason: 'Richiesta del corner' });
    expect(JSON.stringify(audit[0]!.details)).not.toContain('mario');
    const notes = await db().selectFrom('notifications').select(['kind', 'data']).where('kind', '=', 'user_update').where('user_id', '=', admin.id).execute();
    expect(notes).toHaveLength(1);
    expect(JSON.stringify(notes[0]!.data)).not.toMatch(/mario|Rossi/i);

    // The deleted account is listed as such, and not found by the other admin operations.
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/users?state=deleted', headers: { cookie: adminCookie } });
    expect(listed.json().map((user: { id: string }) => user.id)).toEqual([corner.id]);
    expect((await remove(adminCookie, corner.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/users/${corner.id}`, headers: { cookie: adminCookie } })).statusCode).toBe(404);
    expect((await remove(adminCookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('frees the e-mail for a new registration, and the old password opens nothing', async () => {
    const { corner, adminCookie } = await world();
    expect((await remove(adminCookie, corner.id)).statusCode).toBe(200);
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registrationFixture('NuovaSegreta1', { email: 'mario@example.it' }) });
    expect(registered.statusCode, registered.body).toBe(201);
    const fresh = await db().selectFrom('users').select(['id', 'state']).where('email', '=', 'mario@example.it').executeTakeFirstOrThrow();
    expect(fresh.id).not.toBe(corner.id);
    expect(fresh.state).toBe('pending');
    expect((await login('mario@example.it')).statusCode).toBe(401);
  });

  it('refuses the login of a deleted account with MSG.accountDeleted while its row still has a password', async () => {
    // A deletion removes the password; a row deleted before this rule (or by hand) still answers with its reason.
    const old = await t.createUser({ email: 'vecchio@example.it', password: PASSWORD, state: 'deleted' });
    const answer = await login('vecchio@example.it');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(MSG.accountDeleted);
    expect(old.id).toBeTruthy();
  });

  it('through tRPC: admin.users.delete deletes a broker without open practices', async () => {
    const { broker } = await world();
    const trpc = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    expect(await trpc.admin.users.delete.mutate({ userId: broker.id })).toEqual({ id: broker.id, state: 'deleted', message: ADMIN_USER_MSG.deleted });
    expect((await userRow(broker.id)).state).toBe('deleted');
    const again = await trpc.admin.users.delete.mutate({ userId: broker.id }).catch((error: unknown) => error);
    expect((again as TRPCClientError<never>).data).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is refused to corners, brokers and guests through REST and tRPC, nothing changed', async () => {
    const { corner, broker } = await world();
    const cornerCookie = await t.login('mario@example.it', PASSWORD);
    const brokerCookie = await t.login('broker@example.it', PASSWORD);
    expect((await remove(cornerCookie, broker.id)).statusCode).toBe(403);
    expect((await remove(brokerCookie, corner.id)).statusCode).toBe(403);
    expect((await remove(null, corner.id)).statusCode).toBe(401);
    for (const email of ['mario@example.it', 'broker@example.it']) {
      const trpc = await createTrpcHttpCaller(t, email, PASSWORD);
      const refused = await trpc.admin.users.delete.mutate({ userId: email.startsWith('mario') ? broker.id : corner.id }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TRPCClientError);
      expect((refused as TRPCClientError<never>).data).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await userRow(corner.id)).state).toBe('active');
    expect((await userRow(broker.id)).state).toBe('active');
    expect(await db().selectFrom('audit_log').select('id').where('action', '=', 'user_deleted').execute()).toEqual([]);
  });

  describe('refusals, each with nothing changed', () => {
    const unchanged = async (id: string, email: string) => {
      expect(await userRow(id)).toMatchObject({ state: 'active', email });
      expect(await db().selectFrom('audit_log').select('id').where('action', '=', 'user_deleted').execute()).toEqual([]);
      expect((await login(email)).statusCode).toBe(200);
    };
    const expectRefused = async (answer: Awaited<ReturnType<typeof remove>>, status: number, message: string) => {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().message).toBe(message);
    };

    it('the acting admin itself', async () => {
      const { admin, adminCookie } = await world();
      await expectRefused(await remove(adminCookie, admin.id), 403, ADMIN_USER_MSG.cannotDeleteSelf);
      await unchanged(admin.id, 'admin@example.it');
    });

    it('the last active admin: two admins deleting each other at once leave one of them', async () => {
      const { admin, adminCookie } = await world();
      const second = await t.createUser({ email: 'capo@example.it', password: PASSWORD, role: 'admin' });
      const secondCookie = await t.login('capo@example.it', PASSWORD);
      const answers = await Promise.all([remove(adminCookie, second.id), remove(secondCookie, admin.id)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      // The second is refused: its admin is deleted (its session ended: 401, or read under the admins' lock: 403).
      expect(codes[0]).toBe(200);
      expect([401, 403]).toContain(codes[1]);
      const left = await db().selectFrom('users').select('id').where('role', '=', 'admin').where('state', '=', 'active').execute();
      expect(left).toHaveLength(1);
      // The one left cannot delete itself: the platform keeps its last active admin.
      const lastCookie = left[0]!.id === admin.id ? adminCookie : secondCookie;
      await expectRefused(await remove(lastCookie, left[0]!.id), 403, ADMIN_USER_MSG.cannotDeleteSelf);
      expect(await db().selectFrom('audit_log').select('id').where('action', '=', 'user_deleted').execute()).toHaveLength(1);
    });

    it('an admin no longer active (deactivated in between) acts no more', async () => {
      const { admin, corner } = await world();
      const other = await t.createUser({ email: 'capo@example.it', password: PASSWORD, role: 'admin' });
      const trpc = await createTrpcHttpCaller(t, 'capo@example.it', PASSWORD);
      // Deactivated by hand, its session still cached for a moment: the admins' lock reads the state anew.
      await db().updateTable('users').set({ state: 'inactive' }).where('id', '=', other.id).execute();
      const refused = await trpc.admin.users.delete.mutate({ userId: corner.id }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TRPCClientError);
      await unchanged(corner.id, 'mario@example.it');
      expect(admin.id).toBeTruthy();
    });

    it('a corner with a practice not in a final state', async () => {
      const { corner, adminCookie } = await world();
      await practiceOf(corner.id, 'emitted');
      await practiceOf(corner.id, 'quotating');
      await expectRefused(await remove(adminCookie, corner.id), 409, ADMIN_USER_MSG.cornerOpenPractices(1));
      await unchanged(corner.id, 'mario@example.it');
    });

    it('a corner whose ledger balance is not zero', async () => {
      const { corner, adminCookie } = await world();
      await ledgerEntry(corner.id, 1234);
      await expectRefused(await remove(adminCookie, corner.id), 409, ADMIN_USER_MSG.cornerBalance(formatEuroCents(1234)));
      await unchanged(corner.id, 'mario@example.it');
    });

    it('a corner with a payout requested and not yet paid', async () => {
      const { corner, adminCookie } = await world();
      await db().insertInto('payouts').values({ corner_id: corner.id, method: 'giftcard', amount_cents: 2000, withholding_cents: 0, stamp_cents: 0, net_cents: 2000, year: 2026 }).execute();
      await expectRefused(await remove(adminCookie, corner.id), 409, ADMIN_USER_MSG.cornerPayoutsRequested(1));
      await unchanged(corner.id, 'mario@example.it');
    });

    it('a broker holding open practices (to reassign first); its closed ones do not count', async () => {
      const { corner, broker, adminCookie } = await world();
      await practiceOf(corner.id, 'emitted', broker.id);
      await practiceOf(corner.id, 'quotating', broker.id);
      await practiceOf(corner.id, 'askEmission', broker.id);
      await expectRefused(await remove(adminCookie, broker.id), 409, ADMIN_USER_MSG.brokerOpenPractices(2));
      await unchanged(broker.id, 'broker@example.it');
    });
  });
});
