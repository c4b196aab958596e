import crypto from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { loadConfig } from '../../config';
import { useTestApp } from '../../testing/test-app';
import { isKnownPushEndpoint, type TPushSendOptions, type TPushTarget } from './web-push';

/** Pushes recorded instead of sent; each endpoint answers the status set for it (201 by default). */
const sent: { target: TPushTarget; payload: Record<string, unknown>; options: TPushSendOptions }[] = [];
const answers = new Map<string, number | 'network-error'>();

const t = useTestApp(
  {},
  {
    push: {
      transport: async (target, payload, options) => {
        // The library must be able to encrypt for this subscription and sign with these VAPID keys.
        const request = webpush.generateRequestDetails(target, payload, options);
        expect(request.headers.Authorization).toMatch(/^vapid t=.+, k=.+$/);
        sent.push({ target, payload: JSON.parse(payload) as Record<string, unknown>, options });
        const answer = answers.get(target.endpoint) ?? 201;
        if (answer === 'network-error') throw new Error('ECONNRESET');
        return { statusCode: answer };
      },
    },
  },
);

const PASSWORD = 'Segreta123';

/** A browser-like subscription: a real P-256 public key and a 16-byte auth secret. */
const browserSubscription = (endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`) => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
};

const signIn = async (email: string, role: 'admin' | 'corner' = 'corner') => {
  const { id } = (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) ?? (await t.createUser({ email, password: PASSWORD, role }));
  return { id, cookie: await t.login(email, PASSWORD) };
};

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

const subscribe = async (cookie: string, subscription = browserSubscription()) => {
  const response = await post('/api/notification/subscription/add', { type: 'webpush', subscription }, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return subscription;
};

const enableWebpush = async (cookie: string, pref: string) => {
  const response = await t.app.inject({ method: 'PATCH', url: '/api/notification/preference', payload: { pref, key: 'webpush', val: true }, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
};

const notifyAndWait = async (...args: Parameters<typeof t.app.services.notifications.notify>) => {
  sent.length = 0;
  const result = await t.app.services.notifications.notify(...args);
  await t.app.services.notifications.idle();
  return result;
};

describe('known push services', () => {
  it('accepts the browsers’ push services and nothing else', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect(isKnownPushEndpoint(endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://evil.example.com/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example.com/x',
      'https://notify.windows.com/x',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'not a url',
    ]) {
      expect(isKnownPushEndpoint(endpoint), endpoint).toBe(false);
    }
  });
});

describe('VAPID keys', () => {
  it('are generated once, stored, and served to signed-in users only', async () => {
    const corner = await signIn('corner@example.it');
    expect((await t.app.inject({ method: 'GET', url: '/api/notification/push-key' })).statusCode).toBe(401);
    const first = await t.app.inject({ method: 'GET', url: '/api/notification/push-key', headers: { cookie: corner.cookie } });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const stored = await t.database.db.selectFrom('app_secrets').select('value').where('key', '=', 'vapid').executeTakeFirstOrThrow();
    expect((stored.value as { publicKey: string }).publicKey).toBe(publicKey);
    const again = await t.app.inject({ method: 'GET', url: '/api/notification/push-key', headers: { cookie: corner.cookie } });
    expect(again.json().publicKey).toBe(publicKey);
  });

  it('come from the environment when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set, both or neither', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(config.vapid).toEqual(keys);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'corta', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
  });
});

describe('subscriptions', () => {
  it('add, check (YES/NO as text) and delete', async () => {
    const corner = await signIn('corner@example.it');
    const subscription = await subscribe(corner.cookie);

    const yes = await post('/api/notification/check-subscription', { endpoint: subscription.endpoint }, corner.cookie);
    expect(yes.statusCode).toBe(200);
    expect(yes.headers['content-type']).toMatch(/^text\/plain/);
    expect(yes.body).toBe('YES');
    expect((await post('/api/notification/check-subscription', { endpoint: 'https://fcm.googleapis.com/fcm/send/altro' }, corner.cookie)).body).toBe('NO');

    expect((await post('/api/notification/subscription/delete', { endpoint: subscription.endpoint }, corner.cookie)).json()).toEqual({ ok: true });
    expect((await post('/api/notification/check-subscription', { endpoint: subscription.endpoint }, corner.cookie)).body).toBe('NO');
    expect(await t.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });

  it('refuses endpoints outside the known push services, and malformed subscriptions, storing nothing', async () => {
    const corner = await signIn('corner@example.it');
    const foreign = await post('/api/notification/subscription/add', { type: 'webpush', subscription: browserSubscription('https://attacker.example.com/hook') }, corner.cookie);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MSG.pushServiceUnknown);
    const internal = await post('/api/notification/subscription/add', { type: 'webpush', subscription: browserSubscription('https://10.0.0.1/push') }, corner.cookie);
    expect(internal.statusCode).toBe(400);
    const badKeys = await post(
      '/api/notification/subscription/add',
      { type: 'webpush', subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: '<script>', auth: 'x' } } },
      corner.cookie,
    );
    expect(badKeys.statusCode).toBe(400);
    const badType = await post('/api/notification/subscription/add', { type: 'sms', subscription: browserSubscription() }, corner.cookie);
    expect(badType.statusCode).toBe(400);
    expect((await post('/api/notification/subscription/add', { type: 'webpush', subscription: browserSubscription() })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });

  it('one user cannot check or delete another user’s subscription', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const subscription = await subscribe(corner.cookie);
    expect((await post('/api/notification/check-subscription', { endpoint: subscription.endpoint }, other.cookie)).body).toBe('NO');
    await post('/api/notification/subscription/delete', { endpoint: subscription.endpoint }, other.cookie);
    expect((await post('/api/notification/check-subscription', { endpoint: subscription.endpoint }, corner.cookie)).body).toBe('YES');
  });

  it('one user cannot take over another user’s endpoint; a second session of the same user can', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const subscription = await subscribe(corner.cookie);
    const taken = await post('/api/notification/subscription/add', { type: 'webpush', subscription: browserSubscription(subscription.endpoint) }, other.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.pushEndpointTaken);
    const rows = await t.database.db.selectFrom('push_subscriptions').select(['user_id', 'endpoint', 'p256dh']).execute();
    expect(rows).toEqual([{ user_id: corner.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh }]);
    expect((await post('/api/notification/check-subscription', { endpoint: subscription.endpoint }, corner.cookie)).body).toBe('YES');

    // The same person signing in again (another session) moves the endpoint to the new session.
    const again = await t.login('corner@example.it', PASSWORD);
    expect((await post('/api/notification/subscription/add', { type: 'webpush', subscription: browserSubscription(subscription.endpoint) }, again)).statusCode).toBe(200);
    expect((await post('/api/notification/check-subscription', { endpoint: subscription.endpoint }, again)).body).toBe('YES');
    // Once the owner logs out there, the endpoint is free for the next user of that browser.
    await post('/api/auth/logout', {}, again);
    expect((await post('/api/notification/subscription/add', { type: 'webpush', subscription: browserSubscription(subscription.endpoint) }, other.cookie)).statusCode).toBe(200);
  });

  it('is refused while an admin acts as another user', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    const loginAs = await post('/api/admin/auth/login-as', { userId: corner.id }, admin.cookie);
    expect(loginAs.statusCode, loginAs.body).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notification/subscription/add',
      payload: { type: 'webpush', subscription: browserSubscription() },
      headers: { authorization: `Bearer ${loginAs.json().token}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MSG.pushWhileImpersonating);
  });

  it('ends with the session that made it: after logout the browser gets no pushes', async () => {
    const corner = await signIn('corner@example.it');
    await enableWebpush(corner.cookie, 'other');
    await subscribe(corner.cookie);
    await post('/api/auth/logout', {}, corner.cookie);
    await notifyAndWait('other', [corner.id], { title: 'Dopo il logout', text: 'x' });
    expect(sent).toEqual([]);
    expect(await t.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });
});

describe('delivery', () => {
  it('pushes a notification to the subscriptions of users who enabled web push for that event, with its data and link', async () => {
    const corner = await signIn('corner@example.it');
    const quiet = await signIn('silenzioso@example.it');
    await enableWebpush(corner.cookie, 'other');
    const phone = await subscribe(corner.cookie);
    const laptop = await subscribe(await t.login('corner@example.it', PASSWORD));
    await subscribe(quiet.cookie); // web push left off (the default)

    const [stored] = await notifyAndWait('other', [corner.id, quiet.id], { title: 'Polizza emessa', text: ['Riga 1', 'Riga 2'], link: '/rca' });

    expect(sent.map((push) => push.target.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const push of sent) {
      expect(push.payload).toEqual({ id: stored!.notification.id, title: 'Polizza emessa', text: ['Riga 1', 'Riga 2'], link: '/rca' });
      expect(push.options.TTL).toBeGreaterThan(0);
      expect(push.options.vapidDetails.subject).toBe('mailto:assistenza@example.it');
    }
    const rows = await t.database.db.selectFrom('push_subscriptions').select(['endpoint', 'last_success_at']).where('user_id', '=', corner.id).execute();
    expect(rows.every((row) => row.last_success_at !== null)).toBe(true);
  });

  it('does not push events the user did not enable', async () => {
    const corner = await signIn('corner@example.it');
    await enableWebpush(corner.cookie, 'new_payment');
    await subscribe(corner.cookie);
    await notifyAndWait('other', [corner.id], { title: 'Altro', text: 'x' });
    expect(sent).toEqual([]);
  });

  it('removes subscriptions the push service answers 404 or 410 for, keeps the others and counts their failures', async () => {
    const corner = await signIn('corner@example.it');
    await enableWebpush(corner.cookie, 'other');
    const gone = await subscribe(corner.cookie);
    const notFound = await subscribe(corner.cookie);
    const flaky = await subscribe(corner.cookie);
    const unreachable = await subscribe(corner.cookie);
    answers.set(gone.endpoint, 410);
    answers.set(notFound.endpoint, 404);
    answers.set(flaky.endpoint, 500);
    answers.set(unreachable.endpoint, 'network-error');

    const [stored] = await notifyAndWait('other', [corner.id], { title: 'Prova', text: 'x' });
    expect(sent).toHaveLength(4);
    expect(stored!.notification.data.title).toBe('Prova'); // the notification itself is stored whatever the pushes did

    const rows = await t.database.db.selectFrom('push_subscriptions').select(['endpoint', 'failures']).orderBy('endpoint').execute();
    expect(rows).toEqual(
      [
        { endpoint: flaky.endpoint, failures: 1 },
        { endpoint: unreachable.endpoint, failures: 1 },
      ].sort((a, b) => a.endpoint.localeCompare(b.endpoint)),
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/notification', headers: { cookie: corner.cookie } });
    expect(list.json().total).toBe(1);
  });

  it('a shared browser: once its first user logs out, the next user who subscribes with it gets the pushes', async () => {
    const first = await signIn('primo@example.it');
    const second = await signIn('secondo@example.it');
    await enableWebpush(first.cookie, 'other');
    await enableWebpush(second.cookie, 'other');
    const subscription = await subscribe(first.cookie);
    await post('/api/auth/logout', {}, first.cookie);
    const firstAgain = await signIn('primo@example.it');
    await subscribe(second.cookie, subscription);
    await notifyAndWait('other', [first.id, second.id], { title: 'Chi la riceve', text: 'x' });
    expect(sent).toHaveLength(1);
    expect((await post('/api/notification/check-subscription', { endpoint: subscription.endpoint }, second.cookie)).body).toBe('YES');
    expect((await post('/api/notification/check-subscription', { endpoint: subscription.endpoint }, firstAgain.cookie)).body).toBe('NO');
  });
});
