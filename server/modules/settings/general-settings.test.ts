import { beforeEach, describe, expect, it } from 'vitest';
import { GENERAL_SETTINGS_DEFAULTS, GENERAL_SETTINGS_MSG } from '../../../shared/schemas/general-settings';
import { SETTINGS_HISTORY_MSG } from '../../../shared/schemas/settings-history';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

const t = useTestApp();
const PASSWORD = 'Segreta123';
const KEYS = ['aniaConfig', 'otherDocs', 'profileDocs', 'rcaBots'] as const;

// The test app's reset keeps the settings table: put the starting values back.
beforeEach(async () => {
  for (const key of KEYS) {
    await t.database.db.updateTable('settings').set({ value: JSON.stringify(GENERAL_SETTINGS_DEFAULTS[key]) }).where('key', '=', key).execute();
  }
});

const signIn = async () => {
  await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
  return { cookie: await t.login('admin@example.it', PASSWORD), trpc: await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD) };
};
const patch = (cookie: string, key: string, value: unknown) => t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie }, payload: { key, value } });

const BOT = { key: 'comparatore', name: 'Comparatore', enabled: true, endpoint: 'https://preventivi.example.it/rca', priority: 1, timeoutSeconds: 30 };

describe('general settings keys (aniaConfig, aniaState, otherDocs, profileDocs, rcaBots)', () => {
  it('accepts typed values and serves them to the admin and in the settings block', async () => {
    const admin = await signIn();
    expect((await patch(admin.cookie, 'aniaConfig', { enabled: true, endpoint: 'https://ania.example.it/sita', timeoutSeconds: 10, cacheHours: 24 })).statusCode).toBe(200);
    expect((await patch(admin.cookie, 'rcaBots', [BOT])).statusCode).toBe(200);
    expect((await patch(admin.cookie, 'otherDocs', [{ key: 'visura-camerale', name: 'Visura camerale', required: false }])).statusCode).toBe(200);
    const settings = await admin.trpc.settings.admin.query();
    expect(settings).toMatchObject({ rcaBots: [BOT], aniaConfig: { endpoint: 'https://ania.example.it/sita' }, otherDocs: [{ key: 'visura-camerale' }] });
    expect(settings.profileDocs).toEqual(GENERAL_SETTINGS_DEFAULTS.profileDocs);
  });

  it('refuses malformed values with the message on the field, over REST and tRPC, and stores nothing', async () => {
    const admin = await signIn();
    const refused: [string, unknown, string, (string | number)[]][] = [
      ['aniaConfig', { enabled: true, endpoint: '' }, GENERAL_SETTINGS_MSG.aniaEndpointRequired, ['value', 'endpoint']],
      ['aniaConfig', { enabled: true, endpoint: 'http://ania.example.it' }, GENERAL_SETTINGS_MSG.urlInvalid, ['value', 'endpoint']],
      ['aniaState', 'sì', GENERAL_SETTINGS_MSG.booleanInvalid, ['value']],
      ['profileDocs', [{ key: 'a', name: 'A', required: true }, { key: 'a', name: 'B', required: false }], GENERAL_SETTINGS_MSG.docKeyDuplicate, ['value', 1, 'key']],
      ['otherDocs', [{ key: 'firma', name: 'Firma', required: false, sign: true }], GENERAL_SETTINGS_MSG.signOnlyRequired, ['value', 0, 'sign']],
      ['otherDocs', { list: [] }, GENERAL_SETTINGS_MSG.docsList, ['value']],
      ['rcaBots', [{ ...BOT, timeoutSeconds: 0 }], GENERAL_SETTINGS_MSG.timeoutInvalid, ['value', 0, 'timeoutSeconds']],
    ];
    for (const [key, value, message] of refused) {
      const response = await patch(admin.cookie, key, value);
      expect(response.statusCode, key).toBe(400);
      expect(response.json().message, key).toBe(message);
    }
    await expect(admin.trpc.settings.update.mutate({ key: 'rcaBots', value: [{ ...BOT, endpoint: 'ftp://x' }] })).rejects.toThrow(GENERAL_SETTINGS_MSG.urlInvalid);
    expect(await t.database.db.selectFrom('settings_history').select('key').execute()).toEqual([]);
  });

  it('reads an invalid stored value as the default, and refuses to restore it', async () => {
    const admin = await signIn();
    await t.database.db.updateTable('settings').set({ value: JSON.stringify({ vecchio: true }) }).where('key', '=', 'rcaBots').execute();
    expect((await admin.trpc.settings.admin.query({ key: 'rcaBots' })).rcaBots).toEqual([]);
    await t.database.db.insertInto('settings_history').values({ key: 'rcaBots', version: 1, value_before: null, value_after: JSON.stringify({ vecchio: true }), actor_id: null, impersonator_id: null }).execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/settings/rcaBots/restore', headers: { cookie: admin.cookie }, payload: { version: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SETTINGS_HISTORY_MSG.restoreInvalid(1, GENERAL_SETTINGS_MSG.botsList));
  });
});
