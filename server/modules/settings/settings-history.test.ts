import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RETENTION_MSG } from '../../../shared/schemas/retention-settings';
import { SETTINGS_HISTORY_MSG } from '../../../shared/schemas/settings-history';
import { connectSocket, useListeningApp } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

const t = useTestApp();
const live = useListeningApp(t);
const PASSWORD = 'Segreta123';

const signIn = async (email: string, role: 'admin' | 'corner', name = 'Mario', surname = 'Rossi') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, name, surname });
  return { id, cookie: await t.login(email, PASSWORD), trpc: await createTrpcHttpCaller(t, email, PASSWORD) };
};

const patch = (cookie: string, key: string, value: unknown) => t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie }, payload: { key, value } });
const history = (headers: Record<string, string>, key: string) => t.app.inject({ method: 'GET', url: `/api/admin/settings/${key}/history`, headers });
const restore = (headers: Record<string, string>, key: string, version: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/admin/settings/${key}/restore`, headers, payload: { version } });

const stored = async (key: string) => (await t.database.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

describe('settings history (issue 28)', () => {
  it('records a change of the normal settings write with before, after, the changed paths and the author, newest first', async () => {
    const admin = await signIn('admin@example.it', 'admin', 'Anna', 'Bianchi');
    const before = await stored('rcaRange');
    expect((await patch(admin.cookie, 'rcaRange', { daysBefore: 20 })).statusCode).toBe(200);
    await admin.trpc.settings.update.mutate({ key: 'rcaRange', value: { daysBefore: 25 } });

    const response = await history({ cookie: admin.cookie }, 'rcaRange');
    expect(response.statusCode).toBe(200);
    const { key, entries } = response.json();
    expect(key).toBe('rcaRange');
    expect(entries.map((entry: { version: number }) => entry.version)).toEqual([2, 1]);
    expect(entries[1]).toMatchObject({ before: before ?? null, after: { daysBefore: 20 }, author: { id: admin.id, name: 'Anna Bianchi' }, impersonator: null, restoredFrom: null });
    expect(entries[0]).toMatchObject({
      before: { daysBefore: 20 },
      after: { daysBefore: 25 },
      changes: [{ path: 'daysBefore', before: 20, after: 25 }],
      summary: 'daysBefore: 20 → 25',
      author: { id: admin.id, name: 'Anna Bianchi' },
    });
    expect(new Date(entries[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const viaTrpc = await admin.trpc.settings.history.query({ key: 'rcaRange' });
    expect(viaTrpc.entries.map((entry) => [entry.version, entry.summary])).toEqual(entries.map((entry: { version: number; summary: string }) => [entry.version, entry.summary]));
    expect(viaTrpc.entries[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('a restore writes the old value back as a new version, appears in the history and fires the settings sync', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const socket = live.track(await connectSocket(live.baseUrl, { cookie: admin.cookie }));
    await patch(admin.cookie, 'aniaState', true);
    await patch(admin.cookie, 'aniaState', false);
    await patch(admin.cookie, 'clientRetentionYears', 6);
    await patch(admin.cookie, 'clientRetentionYears', 8);
    socket.events.length = 0;

    const response = await restore({ cookie: admin.cookie }, 'aniaState', 1);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ version: expect.stringMatching(/^\d+$/), message: SETTINGS_HISTORY_MSG.restored(1), entry: { version: 3, before: false, after: true, restoredFrom: 1 } });
    expect(await stored('aniaState')).toBe(true);
    await socket.waitFor('syncSettings');

    const viaTrpc = await admin.trpc.settings.restore.mutate({ key: 'clientRetentionYears', version: 1 });
    expect(viaTrpc.entry).toMatchObject({ version: 3, after: 6, restoredFrom: 1, author: { id: admin.id } });
    expect(await stored('clientRetentionYears')).toBe(6);
    expect(await t.app.services.settings.getRetentionYears()).toMatchObject({ practice: 6 });

    const { entries } = (await history({ cookie: admin.cookie }, 'aniaState')).json();
    expect(entries.map((entry: { version: number; after: unknown; restoredFrom: number | null }) => [entry.version, entry.after, entry.restoredFrom])).toEqual([
      [3, true, 1],
      [2, false, null],
      [1, true, null],
    ]);
    await t.database.db.deleteFrom('settings').where('key', '=', 'clientRetentionYears').execute();
  });

  it('refuses to restore a value that no longer passes today’s rules, and changes nothing', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    // A retention period stored when the law asked fewer years (today's minimum is higher).
    await t.database.db.insertInto('settings_history').values({ key: 'clientRetentionYears', version: 1, value_before: null, value_after: JSON.stringify(3), actor_id: admin.id, impersonator_id: null }).execute();
    const current = await stored('clientRetentionYears');

    const message = SETTINGS_HISTORY_MSG.restoreInvalid(1, RETENTION_MSG.tooFew.clientRetentionYears);
    const response = await restore({ cookie: admin.cookie }, 'clientRetentionYears', 1);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: { version: [message] } });
    await expect(admin.trpc.settings.restore.mutate({ key: 'clientRetentionYears', version: 1 })).rejects.toThrow(message);
    expect(await stored('clientRetentionYears')).toEqual(current);
    expect((await history({ cookie: admin.cookie }, 'clientRetentionYears')).json().entries).toHaveLength(1);
  });

  it('answers 404 with an Italian message for an unknown key or version, and 400 for a malformed version', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    await patch(admin.cookie, 'aniaState', true);
    for (const response of [await history({ cookie: admin.cookie }, 'nonEsiste'), await restore({ cookie: admin.cookie }, 'nonEsiste', 1)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(SETTINGS_HISTORY_MSG.unknownKey);
    }
    const missing = await restore({ cookie: admin.cookie }, 'aniaState', 7);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SETTINGS_HISTORY_MSG.unknownVersion);
    await expect(admin.trpc.settings.history.query({ key: 'nonEsiste' })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' }, message: SETTINGS_HISTORY_MSG.unknownKey });
    await expect(admin.trpc.settings.restore.mutate({ key: 'aniaState', version: 7 })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await restore({ cookie: admin.cookie }, 'aniaState', 'uno')).statusCode).toBe(400);
  });

  it('refuses non-admins over REST and tRPC, also an admin acting as a corner', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it', 'corner');
    await patch(admin.cookie, 'aniaState', true);
    const asCorner = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', headers: { cookie: admin.cookie }, payload: { userId: corner.id } });
    expect(asCorner.statusCode).toBe(200);
    const callers: Record<string, string>[] = [{ cookie: corner.cookie }, { authorization: `Bearer ${asCorner.json().token}` }];
    for (const headers of callers) {
      expect((await history(headers, 'aniaState')).statusCode).toBe(403);
      expect((await restore(headers, 'aniaState', 1)).statusCode).toBe(403);
    }
    expect((await history({}, 'aniaState')).statusCode).toBe(401);
    await expect(corner.trpc.settings.history.query({ key: 'aniaState' })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    await expect(corner.trpc.settings.restore.mutate({ key: 'aniaState', version: 1 })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    expect((await history({ cookie: admin.cookie }, 'aniaState')).json().entries).toHaveLength(1);
  });

  it('keeps the changes of the referral rules and the platform company (written by other modules) with their author', async () => {
    const admin = await signIn('admin@example.it', 'admin', 'Anna', 'Bianchi');
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/referrals/settings', headers: { cookie: admin.cookie }, payload: { percent: 15, months: 6 } });
    expect(saved.statusCode).toBe(200);
    const { entries } = (await history({ cookie: admin.cookie }, 'referralSettings')).json();
    expect(entries[0]).toMatchObject({ version: 1, after: { percent: 15, months: 6 }, author: { id: admin.id, name: 'Anna Bianchi' } });
    await t.app.services.settings.setReferralSettings({ percent: 12, months: 6 });
    expect((await restore({ cookie: admin.cookie }, 'referralSettings', 1)).statusCode).toBe(200);
    expect(await t.app.services.settings.getReferralSettings()).toEqual({ percent: 15, months: 6 });

    await t.app.services.settings.setPlatformCompany({ nonValido: true });
    const refused = await restore({ cookie: admin.cookie }, 'platformCompany', 1);
    expect(refused.statusCode).toBe(400);
    await t.database.db.deleteFrom('settings').where('key', 'in', ['referralSettings', 'platformCompany']).execute();
  });

  it('concurrent changes of one key take distinct versions, each "before" the previous "after"', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    await Promise.all(Array.from({ length: 8 }, (_, index) => admin.trpc.settings.update.mutate({ key: 'rcaRange', value: { daysBefore: 10 + index } })));
    const { entries } = await admin.trpc.settings.history.query({ key: 'rcaRange' });
    expect(entries.map((entry) => entry.version)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    entries.slice(0, -1).forEach((entry, index) => expect(entry.before).toEqual(entries[index + 1]!.after));
    expect(await stored('rcaRange')).toEqual(entries[0]!.after);
  });

  it('cannot be updated, deleted or truncated', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    await patch(admin.cookie, 'aniaState', true);
    const db = t.database.db;
    await expect(db.updateTable('settings_history').set({ value_after: JSON.stringify(false) }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('settings_history').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate settings_history`.execute(db)).rejects.toThrow(/append-only/);
    expect(await db.selectFrom('settings_history').select(['key', 'version']).execute()).toEqual([{ key: 'aniaState', version: 1 }]);
  });
});
