import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { visibleNotificationKeys } from '../../../shared/rules/notification-preferences';
import type { TBrokerType, TRole } from '../../../shared/constants';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const PASSWORD = 'Segreta123';

const signIn = async (email: string, role: TRole, brokerType?: TBrokerType) => {
  await t.createUser({ email, password: PASSWORD, role, brokerType });
  return t.login(email, PASSWORD);
};
const getPrefs = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/notification/preference', headers: { cookie } });
const patchPref = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/notification/preference', payload: payload as object, headers: { cookie } });

describe('GET /api/notification/preference', () => {
  it('gives an admin every key with the defaults', async () => {
    const cookie = await signIn('admin@example.it', 'admin');
    const response = await getPrefs(cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(visibleNotificationKeys({ role: 'admin' }).sort());
    expect(body.new_user).toEqual({ email: true, webpush: false });
    expect(body.new_broker).toEqual({ email: true, webpush: false });
    expect(body.rca_emission).toEqual({ email: true, webpush: false });
    expect(body.user_update).toEqual({ email: false, webpush: false });
    expect(body.gpl_create).toBeDefined();
  });

  it('gives a corner general, payments and sectors without the admin group and the reserved creation toggles', async () => {
    const body = (await getPrefs(await signIn('corner@example.it', 'corner'))).json();
    expect(body.other).toEqual({ email: false, webpush: false });
    expect(body.new_payment).toBeDefined();
    expect(body.rca_create).toBeDefined();
    for (const key of ['new_user', 'new_broker', 'new_payment_request', 'user_update', 'ar_create', 'f_create', 'gpl_create', 'lg_create']) {
      expect(body[key]).toBeUndefined();
    }
  });

  it('gives an RC Auto broker only the rca_ keys', async () => {
    const body = (await getPrefs(await signIn('broker@example.it', 'broker', 'RC Auto'))).json();
    expect(Object.keys(body).sort()).toEqual(['rca_create', 'rca_emission', 'rca_history', 'rca_newquotation', 'rca_update', 'rca_updatequotation']);
  });

  it('refuses gpl and luce e gas brokers with an Italian message, and guests', async () => {
    for (const [email, type] of [['gpl@example.it', 'gpl'], ['lg@example.it', 'luce e gas']] as const) {
      const response = await getPrefs(await signIn(email, 'broker', type));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MSG.notificationPreferencesUnavailable);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notification/preference' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/notification/preference', () => {
  it('changes one flag and keeps the other, round trip', async () => {
    const cookie = await signIn('admin@example.it', 'admin');
    expect((await patchPref(cookie, { pref: 'new_user', key: 'webpush', val: true })).statusCode).toBe(200);
    expect((await patchPref(cookie, { pref: 'other', key: 'email', val: true })).statusCode).toBe(200);
    let body = (await getPrefs(cookie)).json();
    expect(body.new_user).toEqual({ email: true, webpush: true });
    expect(body.other).toEqual({ email: true, webpush: false });
    await patchPref(cookie, { pref: 'new_user', key: 'email', val: false });
    body = (await getPrefs(cookie)).json();
    expect(body.new_user).toEqual({ email: false, webpush: true });
  });

  it('refuses keys the caller may not change with 403 and an Italian message', async () => {
    const corner = await signIn('corner@example.it', 'corner');
    const broker = await signIn('broker@example.it', 'broker', 'RC Auto');
    const gpl = await signIn('gpl@example.it', 'broker', 'gpl');
    for (const [cookie, pref] of [
      [corner, 'new_user'],
      [corner, 'gpl_create'],
      [broker, 'ar_update'],
      [broker, 'other'],
      [gpl, 'gpl_update'],
    ] as const) {
      const response = await patchPref(cookie, { pref, key: 'email', val: true });
      expect(response.statusCode, `${pref}`).toBe(403);
      expect(response.json().message).toBe(MSG.notificationPreferenceForbidden);
    }
    expect((await patchPref(broker, { pref: 'rca_update', key: 'email', val: true })).statusCode).toBe(200);
  });

  it('refuses unknown keys, channels and values with 400 and field messages', async () => {
    const cookie = await signIn('admin@example.it', 'admin');
    const response = await patchPref(cookie, { pref: 'boh', key: 'sms', val: 'si' });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(fields.pref).toEqual(['Evento di notifica sconosciuto.']);
    expect(fields.key).toEqual(['Canale non valido: email o webpush.']);
    expect(fields.val).toEqual(['Il valore deve essere vero o falso.']);
  });
});

describe('tRPC notification.preference', () => {
  it('reads and updates through the same service', async () => {
    await signIn('corner@example.it', 'corner');
    const client = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    expect((await client.notification.preference.get.query()).rca_emission).toEqual({ email: true, webpush: false });
    expect(await client.notification.preference.update.mutate({ pref: 'rca_emission', key: 'email', val: false })).toEqual({ email: false, webpush: false });
    expect((await client.notification.preference.get.query()).rca_emission).toEqual({ email: false, webpush: false });
    await expect(client.notification.preference.update.mutate({ pref: 'new_user', key: 'email', val: false })).rejects.toThrow(MSG.notificationPreferenceForbidden);
  });
});
