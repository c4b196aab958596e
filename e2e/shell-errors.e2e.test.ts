import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { hasBrowser, saveScreenshot, useBrowserSuite } from './browser';
import { ADMIN, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';
import { noAnswer, rawAnswer, routeTrpc, trpcError } from './trpc-route';

/** Spec section 8 through the shell: every failing call is shown by the error display. */
describe.skipIf(!hasBrowser)('error display in the shell', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      for (const user of [ADMIN, CORNER_PERSONA]) await server.createUser(user);
    },
  });
  const { openPage } = suite;

  const toastWith = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

  it('shows a JSON 404’s own message, "Pagina non trovata" for a text 404, and the 503 notice', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);

    let unroute = await routeTrpc(page, 'payments.get', trpcError({ httpStatus: 404, message: 'Nessun conto pagamenti per questo account.' }));
    await page.goto(`${suite.server.url}/pagamenti`);
    await page.getByRole('alert').filter({ hasText: 'Nessun conto pagamenti per questo account.' }).waitFor();
    await saveScreenshot(page, 'shell-error-404-json-desktop');

    await unroute();
    unroute = await routeTrpc(page, 'payments.get', rawAnswer(404, 'text/plain', 'Not Found'));
    await page.reload();
    await page.getByRole('alert').filter({ hasText: MSG.pageNotFound }).waitFor();

    await unroute();
    unroute = await routeTrpc(page, 'payments.get', rawAnswer(503, 'text/html', '<h1>Service Unavailable</h1>'));
    await page.reload();
    await page.getByRole('alert').filter({ hasText: MSG.serviceUnavailable }).waitFor({ timeout: 15_000 });

    // "Riprova" asks again and shows the data once the server answers.
    await unroute();
    await page.getByRole('button', { name: 'Riprova' }).click();
    await page.getByRole('tab', { name: /Da pagare/ }).waitFor();
  });

  it('shows "Network error" as a toast when the news cannot be fetched, and inline for a tRPC list', async () => {
    const page = await openPage('/accedi');
    await routeTrpc(page, 'news.find', noAnswer);
    await signIn(page, suite.server.url, ADMIN);
    await waitForShell(page);
    // Retried twice (a dropped connection may come back), then shown.
    await toastWith(page, 'Network error').waitFor({ timeout: 15_000 });
    await saveScreenshot(page, 'shell-error-network-desktop');

    const unrouteUsers = await routeTrpc(page, 'admin.users.find', noAnswer);
    await page.goto(`${suite.server.url}/admin/gestione-utenti`);
    const usersAlert = page.getByRole('alert', { name: 'Impossibile caricare gli utenti' });
    await usersAlert.filter({ hasText: 'Network error' }).waitFor({ timeout: 15_000 });

    await unrouteUsers();
    await routeTrpc(page, 'admin.users.find', rawAnswer(502, 'text/html', 'Bad gateway'));
    await page.reload();
    await usersAlert.filter({ hasText: MSG.serviceUnavailable }).waitFor({ timeout: 15_000 });
  });

  it('fades the page-loading overlay out over 0.5 s and removes it 1 s after loading ends', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await page.addInitScript(() => {
      const times: Record<string, number> = {};
      (window as unknown as { overlayTimes: typeof times }).overlayTimes = times;
      new MutationObserver(() => {
        const overlay = document.querySelector('[data-testid="page-loading-overlay"]');
        if (overlay && !times.shown) times.shown = performance.now();
        if (overlay?.getAttribute('data-phase') === 'fading' && !times.fading) {
          times.fading = performance.now();
          times.duration = Number.parseFloat(getComputedStyle(overlay).transitionDuration);
        }
        if (!overlay && times.fading && !times.removed) times.removed = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.reload();
    await waitForShell(page);
    const times = await page.evaluate(() => (window as unknown as { overlayTimes: Record<string, number> }).overlayTimes);
    expect(times.shown).toBeGreaterThan(0);
    expect(times.duration).toBe(0.5);
    expect(times.removed! - times.fading!).toBeGreaterThanOrEqual(950);
    // A 1 s timer fires late on a loaded machine (CI measured 1.8 s beside lint and typecheck): the bound says "soon after", not "exactly".
    expect(times.removed! - times.fading!).toBeLessThan(4000);
  });
});
