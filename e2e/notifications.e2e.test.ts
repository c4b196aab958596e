import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TNotificationData } from '../shared/schemas/notifications';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';
import { CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

type TListAnswer = { list: { id: string; readAt: string | null; data: { title: string } }[]; total: number; unread: number };

/** The bell, /notifiche and the connection dot, fed live by the tRPC subscriptions at /trpc (spec sections 2, 4 and 7). */
describe.skipIf(!hasBrowser)('realtime notifications', () => {
  let cornerId = '';
  const suite = useBrowserSuite({
    onReady: async (server) => {
      cornerId = (await server.createUser(CORNER_PERSONA)).id;
    },
  });
  const { openPage } = suite;

  const notify = (data: TNotificationData) => suite.server.app.services.notifications.notify('other', [cornerId], data);

  /** GET /api/notification with the page's own session cookie. */
  const serverList = async (page: Page): Promise<TListAnswer> => {
    const response = await page.request.get(`${suite.server.url}/api/notification?page=1&limit=20`);
    expect(response.status()).toBe(200);
    return (await response.json()) as TListAnswer;
  };

  const signedIn = async (viewport?: typeof PHONE): Promise<Page> => {
    const page = await openPage('/accedi', viewport);
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    // The realtime connection is up (and the recent list fetched) before anything is raised.
    await page.getByRole('button', { name: 'Stato connessione: connesso', exact: true }).waitFor();
    return page;
  };

  it('shows a new notification in the bell without a reload, reads all, acks on close and lists them on /notifiche', async () => {
    const page = await signedIn();
    const bell = page.getByRole('button', { name: 'Notifiche', exact: true });
    await bell.waitFor();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    await notify({ title: 'Nuova quotazione RCA', text: ['La pratica 42 ha una nuova quotazione.', 'Controlla i dettagli.'], link: '/notifiche', textLink: 'Apri la pratica' });
    const unreadBell = page.getByRole('button', { name: 'Notifiche, 1 da leggere', exact: true });
    await unreadBell.waitFor();
    expect((await page.getByTestId('notifications-badge').innerText()).trim()).toBe('1');

    await unreadBell.click();
    const popover = page.getByRole('dialog', { name: 'Notifiche' });
    await popover.getByText('Nuova quotazione RCA').waitFor();
    await popover.getByText('Controlla i dettagli.').waitFor();
    expect(await popover.getByRole('link', { name: 'Apri la pratica' }).getAttribute('href')).toBe('/notifiche');
    await page.waitForTimeout(250); // the popover's entry transition
    await saveScreenshot(page, 'notifications-popover-desktop');

    // The sound switch is remembered as YES/NO (spec section 9).
    await popover.getByRole('button', { name: 'Disattiva il suono' }).click();
    expect(await page.evaluate(() => window.localStorage.getItem('notificationAudio'))).toBe('NO');
    await popover.getByRole('button', { name: 'Attiva il suono' }).click();
    expect(await page.evaluate(() => window.localStorage.getItem('notificationAudio'))).toBe('YES');

    await popover.getByRole('button', { name: 'Segna tutte come lette' }).click();
    await bell.waitFor();
    expect(await popover.getByRole('button', { name: 'Segna tutte come lette' }).isDisabled()).toBe(true);
    const afterReadAll = await serverList(page);
    expect(afterReadAll.unread).toBe(0);
    expect(afterReadAll.list.map((item) => [item.data.title, item.readAt !== null])).toEqual([['Nuova quotazione RCA', true]]);
    // The bell toggles its popover (Esc too, but only while focus is inside it, which a disabled button gives up).
    await bell.click();
    await popover.waitFor({ state: 'detached' });

    // A second one, seen in the open bell: closing it acknowledges it (`notification.read`).
    await notify({ title: 'Pagamento confermato', text: 'Il pagamento di novembre è stato confermato.' });
    await page.getByRole('button', { name: 'Notifiche, 1 da leggere', exact: true }).click();
    await popover.getByText('Pagamento confermato').waitFor();
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    await bell.waitFor();
    await expect.poll(async () => (await serverList(page)).unread).toBe(0);
    expect(navigations).toBe(0);

    await bell.click();
    await popover.getByRole('link', { name: 'Vedi tutte' }).click();
    await page.waitForURL(`${suite.server.url}/notifiche`);
    const list = page.getByRole('list', { name: 'Elenco notifiche' });
    await list.getByText('Pagamento confermato').waitFor();
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Pagamento confermato'),
      expect.stringContaining('Nuova quotazione RCA'),
    ]);
    await page.getByText('2 notifiche, 0 da leggere').waitFor();
    await saveScreenshot(page, 'notifications-page-desktop');
  });

  it('toggles the connection with a double-click on the dot and catches up on reconnecting', async () => {
    const page = await signedIn();
    const connected = page.getByRole('button', { name: 'Stato connessione: connesso', exact: true });
    await connected.dblclick();
    const disconnected = page.getByRole('button', { name: 'Stato connessione: non connesso', exact: true });
    await disconnected.waitFor();

    // Raised while disconnected: nothing live; reconnecting replays it (and refetches the recent list).
    await notify({ title: 'Nuovo referral', text: 'Un nuovo corner si è registrato con il tuo codice.' });
    await page.waitForTimeout(500);
    expect(await page.getByRole('button', { name: 'Notifiche', exact: true }).isVisible()).toBe(true);

    await disconnected.dblclick();
    await connected.waitFor();
    await page.getByRole('button', { name: /^Notifiche, \d+ da leggere$/ }).waitFor();
  });

  it('fits the bell on a 390 px phone', async () => {
    const page = await signedIn(PHONE);
    await notify({ title: 'Polizza in scadenza', text: 'La polizza AB123 scade tra 7 giorni.', link: '/rca', textLink: 'Vai a RC Auto' });
    await page.getByRole('button', { name: /^Notifiche, \d+ da leggere$/ }).click();
    const popover = page.getByRole('dialog', { name: 'Notifiche' });
    await popover.getByText('Polizza in scadenza').waitFor();
    await page.waitForTimeout(250);
    const box = await popover.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'notifications-popover-phone');
  });

  it('shows a two-digit count and "99+" on the bell whole, not cut by the round button', async () => {
    const page = await signedIn();
    const badge = page.getByTestId('notifications-badge').locator('.mantine-Indicator-indicator');
    /** The count's pill lies inside every clipping box around it, and its text inside the pill. */
    const clipping = () =>
      badge.evaluate((pill) => {
        const box = pill.getBoundingClientRect();
        const cutBy: string[] = [];
        for (let box2 = pill.parentElement; box2; box2 = box2.parentElement) {
          if (getComputedStyle(box2).overflow === 'visible') continue;
          const edge = box2.getBoundingClientRect();
          if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5 || box.top < edge.top - 0.5 || box.bottom > edge.bottom + 0.5) cutBy.push(box2.className);
        }
        return { cutBy, isTextCut: pill.scrollWidth > pill.clientWidth };
      });
    const raiseTo = async (count: number) => {
      const { unread } = await serverList(page);
      for (let index = unread; index < count; index += 1) await notify({ title: `Avviso ${index + 1}`, text: 'Un avviso di prova.' });
    };

    await raiseTo(55);
    await page.getByRole('button', { name: 'Notifiche, 55 da leggere', exact: true }).waitFor();
    expect((await badge.innerText()).trim()).toBe('55');
    expect(await clipping()).toEqual({ cutBy: [], isTextCut: false });
    await saveScreenshot(page, 'notifications-badge-55-desktop');

    await raiseTo(100);
    await page.getByRole('button', { name: 'Notifiche, 100 da leggere', exact: true }).waitFor();
    expect((await badge.innerText()).trim()).toBe('99+');
    expect(await clipping()).toEqual({ cutBy: [], isTextCut: false });
  });
});
