import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserSuite } from './browser';
import { ADMIN, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

/** What a page's WebSockets opened and received (text frames), from the browser's own network events. */
const recordWebSockets = (page: Page) => {
  const urls: string[] = [];
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    urls.push(socket.url());
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  return { urls, frames, received: (text: string) => frames.some((frame) => frame.includes(text)) };
};

/**
 * Issue 13: the browser's realtime goes over tRPC's WebSocket at /trpc (chat.onMessage, notification.onNotification),
 * and a browser that was offline gets what it missed when it is back, without a reload.
 */
describe.skipIf(!hasBrowser)('realtime over the tRPC subscriptions', () => {
  let cornerId = '';
  const suite = useBrowserSuite({
    onReady: async (server) => {
      cornerId = (await server.createUser(CORNER_PERSONA)).id;
      await server.createUser(ADMIN);
    },
  });

  const notify = (title: string) => suite.server.app.services.notifications.notify('other', [cornerId], { title, text: 'testo' });

  /** A POST as the admin, from outside the browser (its own session). */
  const postAsAdmin = async (path: string, body: unknown) => {
    const login = await fetch(`${suite.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const response = await fetch(`${suite.server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie, origin: suite.server.url },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };
  /** The admin writes to a room as its browser would: `chat.send` over tRPC HTTP. */
  const adminSends = (roomId: string, text: string) => postAsAdmin('/trpc/chat.send', { json: { roomId, text } });

  it('delivers chat messages and notifications live over /trpc, and what was missed while offline on reconnecting', async () => {
    const page = await suite.openPage('/accedi');
    const sockets = recordWebSockets(page);
    let reloads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads += 1;
    });
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    const connected = page.getByRole('button', { name: 'Stato connessione: connesso', exact: true });
    const disconnected = page.getByRole('button', { name: 'Stato connessione: non connesso', exact: true });
    await connected.waitFor();
    reloads = 0;

    // The corner's staff room (opened once from the chat), then the panel closed: messages wait as pending.
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Chat' });
    await panel.getByRole('list', { name: 'Assistenza' }).getByRole('button', { name: /^Staff\b/ }).click();
    await panel.getByText('Nessun messaggio').waitFor();
    const roomId = await page.evaluate(async () => ((await (await fetch('/api/chat/staff')).json()) as { roomId: string }[])[0]!.roomId);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Live: a message and a notification, both received as frames of the /trpc WebSocket.
    await adminSends(roomId, 'Primo messaggio dallo staff');
    await page.getByRole('button', { name: 'Chat, 1 da leggere', exact: true }).waitFor();
    await notify('Prima notifica');
    await page.getByRole('button', { name: 'Notifiche, 1 da leggere', exact: true }).waitFor();
    expect(sockets.received('Primo messaggio dallo staff')).toBe(true);
    expect(sockets.received('Prima notifica')).toBe(true);
    expect(sockets.urls.length).toBeGreaterThan(0);
    for (const url of sockets.urls) expect(new URL(url).pathname).toBe('/trpc');

    // Offline (the dot's double-click): what happens meanwhile does not arrive...
    await connected.dblclick();
    await disconnected.waitFor();
    await adminSends(roomId, 'Scritto mentre eri offline');
    await notify('Notifica persa');
    await page.waitForTimeout(500);
    expect(sockets.received('Scritto mentre eri offline')).toBe(false);
    await page.getByRole('button', { name: 'Chat, 1 da leggere', exact: true }).waitFor();

    // ...until it is back: the subscriptions resume from their last ids and replay it over the socket.
    await disconnected.dblclick();
    await connected.waitFor();
    await page.getByRole('button', { name: 'Chat, 2 da leggere', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Notifiche, 2 da leggere', exact: true }).waitFor();
    await expect.poll(() => sockets.received('Scritto mentre eri offline')).toBe(true);
    await expect.poll(() => sockets.received('Notifica persa')).toBe(true);
    // The staff room is still the open one: both messages are there, in order.
    await page.getByRole('button', { name: 'Chat, 2 da leggere', exact: true }).click();
    const room = page.getByRole('dialog', { name: 'Chat' }).getByRole('log', { name: 'Messaggi di Staff' });
    await room.getByText('Scritto mentre eri offline').waitFor();
    expect(await room.getByTestId('message-text').allInnerTexts()).toEqual(['Primo messaggio dallo staff', 'Scritto mentre eri offline']);
    for (const url of sockets.urls) expect(new URL(url).pathname).toBe('/trpc');
    expect(reloads).toBe(0);
  });

  it('goes to the sign-in page when its session is ended elsewhere, and shows one-time messages meanwhile', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    await page.getByRole('button', { name: 'Stato connessione: connesso', exact: true }).waitFor();

    await postAsAdmin('/api/admin/onetime-message', { type: 'info', text: 'Manutenzione alle 18', userId: cornerId });
    await page.getByText('Manutenzione alle 18').waitFor();

    // The same session logged out from elsewhere: the server closes the socket, the session check finds no one.
    const sid = (await page.context().cookies()).find((cookie) => cookie.name === 'sid')!;
    const logout = await fetch(`${suite.server.url}/api/auth/logout`, { method: 'POST', headers: { cookie: `sid=${sid.value}`, origin: suite.server.url } });
    expect(logout.status).toBe(200);
    await page.waitForURL(`${suite.server.url}/accedi`);
  });
});
