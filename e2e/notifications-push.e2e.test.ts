import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, saveScreenshot, useBrowserSuite } from './browser';
import { CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

/** A P-256 public key's length: what the client must hand to `pushManager.subscribe` after decoding. */
const PUBLIC_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xfe)]).toString('base64url');

/**
 * Headless Chromium has no push service to reach here, so the Push API is replaced by a fake that answers like
 * the real one: a subscription on FCM, kept across reloads of the page (as the browser keeps it).
 */
const fakePushManager = () => {
  const STORE = '__fakePushEndpoint';
  const make = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } }),
    unsubscribe: async () => {
      localStorage.removeItem(STORE);
      return true;
    },
  });
  const calls: { keyLength: number; userVisibleOnly: boolean }[] = [];
  (window as unknown as { __subscribeCalls: typeof calls }).__subscribeCalls = calls;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey as Uint8Array;
    calls.push({ keyLength: key.byteLength, userVisibleOnly: Boolean(options?.userVisibleOnly) });
    if (localStorage.getItem('__fakePushFails') === 'YES') throw new DOMException('Registration failed - push service not available', 'AbortError');
    const endpoint = `https://fcm.googleapis.com/fcm/send/test-${Math.random().toString(36).slice(2)}`;
    localStorage.setItem(STORE, endpoint);
    return make(endpoint) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const endpoint = localStorage.getItem(STORE);
    return (endpoint ? make(endpoint) : null) as unknown as PushSubscription | null;
  };
};

type TServerCalls = { add: unknown[]; check: unknown[]; remove: unknown[] };

/** A procedure's answer as tRPC's HTTP link reads it (superjson's envelope), or its error with the app's fields. */
const trpcAnswer = (status: number, body: unknown) =>
  status === 200
    ? { status, json: { result: { data: { json: body } } } }
    : { status, json: { error: { json: { ...(body as object), code: -32600, data: { code: 'BAD_REQUEST', httpStatus: status, ...(body as object) } } } } };

/** The input a tRPC call carried: in the query string of a query, in the body of a mutation. */
const trpcInput = (request: Request): unknown => {
  const raw = request.method() === 'GET' ? JSON.parse(new URL(request.url()).searchParams.get('input') ?? '{}') : request.postDataJSON();
  return (raw as { json?: unknown }).json;
};

/**
 * The push procedures of the server contract (`notification.push.*` over tRPC HTTP), answered in the page: what
 * the client sent is recorded, and the answers can be set (check YES/NO, add refused).
 */
const routePushApi = async (page: Page, answers: { check?: () => string; add?: () => { status: number; body: unknown } } = {}): Promise<TServerCalls> => {
  const calls: TServerCalls = { add: [], check: [], remove: [] };
  const procedure = (name: string) => (url: URL) => url.pathname === `/trpc/notification.push.${name}`;
  await page.route(procedure('publicKey'), (route) => route.fulfill(trpcAnswer(200, { publicKey: PUBLIC_KEY })));
  await page.route(procedure('check'), (route) => {
    calls.check.push(trpcInput(route.request()));
    return route.fulfill(trpcAnswer(200, answers.check?.() ?? 'YES'));
  });
  await page.route(procedure('add'), (route) => {
    calls.add.push(trpcInput(route.request()));
    const answer = answers.add?.() ?? { status: 200, body: { ok: true } };
    return route.fulfill(trpcAnswer(answer.status, answer.body));
  });
  await page.route(procedure('remove'), (route) => {
    calls.remove.push(trpcInput(route.request()));
    return route.fulfill(trpcAnswer(200, { ok: true }));
  });
  return calls;
};

/** Web push from the bell (spec sections 4, 7, 8 and 9). */
describe.skipIf(!hasBrowser)('web push toggle', () => {
  // The whole Chromium: the headless shell denies notifications whatever the context grants (e2e/browser.ts).
  const suite = useBrowserSuite({ fullChromium: true, onReady: async (server) => void (await server.createUser(CORNER_PERSONA)) });

  /** A signed-in page whose browser context was prepared (permissions, init scripts) before anything loaded. */
  const signedIn = async (prepare: (context: BrowserContext, page: Page) => Promise<void>): Promise<Page> => {
    const page = await suite.openPage('/accedi');
    await prepare(page.context(), page);
    await page.reload();
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    return page;
  };

  const openBell = async (page: Page) => {
    await page.getByRole('button', { name: /^Notifiche/ }).first().click();
    const popover = page.getByRole('dialog', { name: 'Notifiche' });
    const pushSwitch = popover.getByRole('switch', { name: 'Notifiche push' });
    await pushSwitch.waitFor({ state: 'attached' });
    return { popover, pushSwitch };
  };

  const storedFlag = (page: Page) => page.evaluate(() => localStorage.getItem('notificationPush'));

  it('subscribes with the server key, sends the subscription, re-adds it when the server lost it, and unsubscribes', async () => {
    let serverHolds = 'YES';
    let calls: TServerCalls = { add: [], check: [], remove: [] };
    const page = await signedIn(async (context, current) => {
      await context.grantPermissions(['notifications'], { origin: suite.server.url });
      await context.addInitScript(fakePushManager);
      calls = await routePushApi(current, { check: () => serverHolds });
    });
    const { pushSwitch } = await openBell(page);
    expect(await pushSwitch.isChecked()).toBe(false);
    await pushSwitch.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => pushSwitch.isChecked()).toBe(true);

    expect(await page.evaluate(() => (window as unknown as { __subscribeCalls: unknown[] }).__subscribeCalls)).toEqual([{ keyLength: 65, userVisibleOnly: true }]);
    expect(calls.add).toEqual([
      { type: 'webpush', subscription: { endpoint: expect.stringMatching(/^https:\/\/fcm\.googleapis\.com\/fcm\/send\/test-/), expirationTime: null, keys: { p256dh: expect.any(String), auth: expect.any(String) } } },
    ]);
    const endpoint = (calls.add[0] as { subscription: { endpoint: string } }).subscription.endpoint;
    expect(await storedFlag(page)).toBe('YES');
    await saveScreenshot(page, 'notifications-push-on');

    // Next load: the server says it no longer holds the subscription (expired), so the client adds it back.
    serverHolds = 'NO';
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => calls.add.length).toBe(2);
    expect(calls.check).toEqual([{ endpoint }]);
    expect(calls.add[1]).toMatchObject({ type: 'webpush', subscription: { endpoint } });

    // And a load where the server holds it: a check, no add.
    serverHolds = 'YES';
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => calls.check.length).toBe(2);
    await page.waitForTimeout(300);
    expect(calls.add).toHaveLength(2);

    const bell = await openBell(page);
    expect(await bell.pushSwitch.isChecked()).toBe(true);
    await bell.pushSwitch.click({ force: true });
    await expect.poll(() => bell.pushSwitch.isChecked()).toBe(false);
    expect(calls.remove).toEqual([{ endpoint }]);
    expect(await storedFlag(page)).toBe('NO');
    expect(await page.evaluate(() => localStorage.getItem('__fakePushEndpoint'))).toBeNull();
  });

  it('keeps the subscription on the real server: check-subscription says YES after enabling and NO after disabling', async () => {
    const page = await signedIn(async (context) => {
      await context.grantPermissions(['notifications'], { origin: suite.server.url });
      await context.addInitScript(fakePushManager);
    });
    const check = async (endpoint: string) =>
      (await page.request.post(`${suite.server.url}/api/notification/check-subscription`, { data: { endpoint } })).text();
    const { pushSwitch } = await openBell(page);
    const added = page.waitForResponse((response) => new URL(response.url()).pathname === '/trpc/notification.push.add');
    await pushSwitch.click({ force: true });
    expect((await added).status()).toBe(200);
    await expect.poll(() => pushSwitch.isChecked()).toBe(true);
    const endpoint = (await page.evaluate(() => localStorage.getItem('__fakePushEndpoint')))!;
    expect(await check(endpoint)).toBe('YES');

    await pushSwitch.click({ force: true });
    await expect.poll(() => pushSwitch.isChecked()).toBe(false);
    expect(await check(endpoint)).toBe('NO');
  });

  it('shows the server refusal of an unknown push service, and the error when no subscription can be made', async () => {
    const page = await signedIn(async (context, current) => {
      await context.grantPermissions(['notifications'], { origin: suite.server.url });
      await context.addInitScript(fakePushManager);
      await routePushApi(current, { add: () => ({ status: 400, body: { message: 'Servizio push non riconosciuto.', type: 'default' } }) });
    });
    const { pushSwitch } = await openBell(page);
    await pushSwitch.click({ force: true });
    await page.getByText('Servizio push non riconosciuto.').waitFor();
    expect(await pushSwitch.isChecked()).toBe(false);
    // The refused subscription is not kept in the browser.
    expect(await page.evaluate(() => localStorage.getItem('__fakePushEndpoint'))).toBeNull();

    await page.evaluate(() => localStorage.setItem('__fakePushFails', 'YES'));
    await pushSwitch.click({ force: true });
    await page.getByText("Errore durante l'aggiornamento dei dati.").waitFor();
    expect(await pushSwitch.isChecked()).toBe(false);
    expect(await storedFlag(page)).toBeNull();
  });

  it('explains for 10 s how to undo a denied permission', async () => {
    const page = await signedIn(async (context) => {
      await context.addInitScript(() => {
        let permission: NotificationPermission = 'default';
        Object.defineProperty(Notification, 'permission', { get: () => permission });
        Notification.requestPermission = async () => {
          permission = 'denied';
          return permission;
        };
      });
    });
    const { popover, pushSwitch } = await openBell(page);
    await pushSwitch.click({ force: true });
    const message = page.getByText('Hai bloccato le notifiche per questo sito. Per riattivarle, reimposta i permessi nelle impostazioni del browser.');
    await message.waitFor();
    const shownAt = Date.now();
    await popover.getByText('Bloccate nelle impostazioni del browser').waitFor();
    expect(await pushSwitch.isChecked()).toBe(false);
    await saveScreenshot(page, 'notifications-push-denied');
    // Past the 5 s of an ordinary toast it is still there; by 10 s (and the exit animation) it is gone.
    await page.waitForTimeout(6_500 - (Date.now() - shownAt));
    expect(await message.isVisible()).toBe(true);
    await message.waitFor({ state: 'detached', timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(9_000);
  });

  it('says the browser does not support push, with the switch disabled', async () => {
    const page = await signedIn(async (context) => {
      await context.addInitScript(() => {
        delete (window as { PushManager?: unknown }).PushManager;
      });
    });
    const { popover, pushSwitch } = await openBell(page);
    await popover.getByText('Il tuo browser non supporta le notifiche push').waitFor();
    expect(await pushSwitch.isDisabled()).toBe(true);
    expect(await pushSwitch.isChecked()).toBe(false);
    await saveScreenshot(page, 'notifications-push-unsupported');
  });
});
