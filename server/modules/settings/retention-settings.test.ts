import { beforeEach, describe, expect, it } from 'vitest';
import { RETENTION_MSG } from '../../../shared/schemas/retention-settings';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

const t = useTestApp();
const PASSWORD = 'Segreta123';
const KEYS = ['clientRetentionYears', 'accountingRetentionYears'] as const;

beforeEach(async () => {
  // The test app's reset keeps the settings table.
  await t.database.db.deleteFrom('settings').where('key', 'in', [...KEYS]).execute();
});

const signIn = async (email: string, role: 'admin' | 'corner') => {
  await t.createUser({ email, password: PASSWORD, role });
  return { cookie: await t.login(email, PASSWORD), trpc: await createTrpcHttpCaller(t, email, PASSWORD) };
};

const patch = (cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie }, payload });

const storedKeys = async () => (await t.database.db.selectFrom('settings').select('key').where('key', 'in', [...KEYS]).execute()).map((row) => row.key);

describe('retention periods (admin settings clientRetentionYears / accountingRetentionYears)', () => {
  it('refuses fewer years than the law asks, fractions and non-numbers, over REST and tRPC, and stores nothing', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const refused: [(typeof KEYS)[number], unknown, string][] = [
      ['clientRetentionYears', 4, RETENTION_MSG.tooFew.clientRetentionYears],
      ['clientRetentionYears', 0, RETENTION_MSG.tooFew.clientRetentionYears],
      ['accountingRetentionYears', 9, RETENTION_MSG.tooFew.accountingRetentionYears],
      ['clientRetentionYears', 6.5, RETENTION_MSG.notWhole],
      ['accountingRetentionYears', '12', RETENTION_MSG.notWhole],
      ['accountingRetentionYears', null, RETENTION_MSG.notWhole],
      ['clientRetentionYears', 101, RETENTION_MSG.tooMany],
    ];
    for (const [key, value, message] of refused) {
      const response = await patch(admin.cookie, { key, value });
      expect(response.statusCode, `${key}=${String(value)}`).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: { value: [message] } });
      await expect(admin.trpc.settings.update.mutate({ key, value: value as number })).rejects.toThrow(message);
    }
    expect(RETENTION_MSG.tooFew.clientRetentionYears).toContain('almeno 5 anni');
    expect(RETENTION_MSG.tooFew.accountingRetentionYears).toContain('almeno 10 anni');
    expect(await storedKeys()).toEqual([]);
    expect(await t.app.services.settings.getRetentionYears()).toEqual({ practice: 5, accounting: 10 });
  });

  it('saves valid periods (REST and tRPC) that settings.admin and getRetentionYears read back', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const rest = await patch(admin.cookie, { key: 'clientRetentionYears', value: 6 });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().version).toMatch(/^\d+$/);
    await admin.trpc.settings.update.mutate({ key: 'accountingRetentionYears', value: 12 });

    expect(await t.app.services.settings.getRetentionYears()).toEqual({ practice: 6, accounting: 12 });
    expect(await admin.trpc.settings.admin.query()).toMatchObject({ clientRetentionYears: 6, accountingRetentionYears: 12 });
    const one = await t.app.inject({ method: 'GET', url: '/api/admin/settings?key=clientRetentionYears', headers: { cookie: admin.cookie } });
    expect(one.json()).toEqual({ clientRetentionYears: 6 });

    // The legal minimums themselves are allowed.
    await admin.trpc.settings.update.mutate({ key: 'clientRetentionYears', value: 5 });
    expect((await patch(admin.cookie, { key: 'accountingRetentionYears', value: 10 })).statusCode).toBe(200);
    expect(await t.app.services.settings.getRetentionYears()).toEqual({ practice: 5, accounting: 10 });
  });

  it('only an admin changes them', async () => {
    const corner = await signIn('corner@example.it', 'corner');
    expect((await patch(corner.cookie, { key: 'clientRetentionYears', value: 6 })).statusCode).toBe(403);
    await expect(corner.trpc.settings.update.mutate({ key: 'clientRetentionYears', value: 6 })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    expect(await storedKeys()).toEqual([]);
  });

  it('a stored value below the legal minimum (written before the check) falls back to the minimum', async () => {
    await t.database.db.insertInto('settings').values({ key: 'clientRetentionYears', value: JSON.stringify(2) }).execute();
    expect(await t.app.services.settings.getRetentionYears()).toEqual({ practice: 5, accounting: 10 });
  });
});
