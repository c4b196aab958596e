import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TUserFixture } from '../server/testing/fixtures';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';
import { ADMIN, BROKER, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

type TPreferences = Record<string, { email: boolean; webpush: boolean }>;

/** The preference procedures the bell calls over tRPC HTTP (the REST paths stay for integrators). */
const GET_PATH = '/trpc/notification.preference.get';
const UPDATE_PATH = '/trpc/notification.preference.update';

const GPL_BROKER = { ...BROKER, email: 'paolo.gallo@example.it', name: 'Paolo', surname: 'Gallo', brokerType: 'gpl' } satisfies TUserFixture;
const RCA_BROKER = { ...BROKER, email: 'sara.conti@example.it', name: 'Sara', surname: 'Conti', brokerType: 'RC Auto' } satisfies TUserFixture;

/** The notification preferences dialog (spec sections 3 and 6), opened from the bell and from /notifiche. */
describe.skipIf(!hasBrowser)('notification preferences', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      for (const user of [ADMIN, CORNER_PERSONA, GPL_BROKER, RCA_BROKER]) await server.createUser(user);
    },
  });

  const signedIn = async (user: { email: string; password: string }, viewport?: typeof PHONE): Promise<Page> => {
    const page = await suite.openPage('/accedi', viewport);
    await signIn(page, suite.server.url, user);
    await waitForShell(page);
    return page;
  };

  /** Opens the bell and, from it, the dialog; answers the dialog once its rows are there. */
  const openFromBell = async (page: Page) => {
    await page.getByRole('button', { name: /^Notifiche/ }).first().click();
    const popover = page.getByRole('dialog', { name: 'Notifiche' });
    await popover.getByRole('button', { name: 'Preferenze notifiche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preferenze notifiche' });
    await dialog.getByRole('switch').first().waitFor();
    return dialog;
  };

  /** The E-mail or Push switch of the row named `label`, inside the section titled `section`. */
  const toggle = (dialog: ReturnType<Page['getByRole']>, section: string, label: string, channel: 'E-mail' | 'Push') =>
    dialog.getByRole('region', { name: section }).getByRole('group', { name: label, exact: true }).getByRole('switch', { name: channel });

  const serverPreferences = async (page: Page): Promise<TPreferences> => {
    const response = await page.request.get(`${suite.server.url}/api/notification/preference`);
    expect(response.status()).toBe(200);
    return (await response.json()) as TPreferences;
  };

  const sectionTitles = (dialog: ReturnType<Page['getByRole']>) => dialog.getByRole('heading', { level: 3 }).allInnerTexts();

  it('lets an admin turn off an e-mail from the bell, by keyboard, and keeps it after a reload', async () => {
    const page = await signedIn(ADMIN);
    const dialog = await openFromBell(page);
    expect(await sectionTitles(dialog)).toEqual(['Amministrazione', 'Generali', 'Pagamenti', 'RC Auto', 'Altri rami', 'Fideiussioni', 'GPL', 'Luce e gas']);
    const email = toggle(dialog, 'Amministrazione', 'Nuovo utente registrato', 'E-mail');
    expect(await email.isChecked()).toBe(true);

    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === UPDATE_PATH);
    await email.focus();
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    expect((await saved).request().postDataJSON()).toEqual({ json: { pref: 'new_user', key: 'email', val: false } });
    expect(await email.isChecked()).toBe(false);
    await saveScreenshot(page, 'notification-preferences-desktop');

    // Esc closes it and the focus goes back to the bell.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^Notifiche/);

    await page.reload();
    await waitForShell(page);
    expect((await serverPreferences(page)).new_user).toEqual({ email: false, webpush: false });
    const reopened = await openFromBell(page);
    expect(await toggle(reopened, 'Amministrazione', 'Nuovo utente registrato', 'E-mail').isChecked()).toBe(false);
    expect(await toggle(reopened, 'Amministrazione', 'Nuova richiesta di pagamento', 'E-mail').isChecked()).toBe(true);
  });

  it('opens from /notifiche too, puts a refused change back with the server message, and retries a failed load', async () => {
    const page = await signedIn(CORNER_PERSONA);
    await page.goto(`${suite.server.url}/notifiche`);
    // The first load fails (503): the error and a retry take the place of the rows.
    const isGet = (url: URL) => url.pathname === GET_PATH;
    await page.route(isGet, (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }));
    await page.getByRole('button', { name: 'Preferenze notifiche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preferenze notifiche' });
    await dialog.getByText('Servizio non disponibile, riprova più tardi').waitFor();
    await page.unroute(isGet);
    await dialog.getByRole('button', { name: 'Riprova' }).click();
    const push = toggle(dialog, 'RC Auto', 'Nuova quotazione', 'Push');
    await push.waitFor({ state: 'attached' });
    expect(await push.isChecked()).toBe(false);

    // The server refuses the change: the switch goes back and its message is shown.
    const refusal = { message: 'Non puoi modificare questa preferenza di notifica.', code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403, type: 'default' } };
    await page.route(
      (url) => url.pathname === UPDATE_PATH,
      (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: { json: refusal } }) }),
    );
    await push.click({ force: true });
    await page.getByText('Non puoi modificare questa preferenza di notifica.').waitFor();
    await expect.poll(() => push.isChecked()).toBe(false);
    expect((await serverPreferences(page)).rca_newquotation).toEqual({ email: true, webpush: false });
  });

  it('does not show a corner the creation toggles of altri rami, fideiussioni, gpl and luce e gas', async () => {
    const page = await signedIn(CORNER_PERSONA);
    const dialog = await openFromBell(page);
    expect(await sectionTitles(dialog)).toEqual(['Generali', 'Pagamenti', 'RC Auto', 'Altri rami', 'Fideiussioni', 'GPL', 'Luce e gas']);
    // A row is a group named by its event: read the names of a section's rows.
    const rows = (section: string) =>
      dialog
        .getByRole('region', { name: section })
        .getByRole('group')
        .evaluateAll((groups) => groups.map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''));
    expect(await rows('RC Auto')).toContain('Nuova pratica');
    for (const section of ['Altri rami', 'Fideiussioni', 'GPL', 'Luce e gas']) {
      expect(await rows(section), section).not.toContain('Nuova pratica');
      expect(await rows(section), section).toContain('Pratica aggiornata');
    }
    expect(await rows('Generali')).not.toContain('Profilo di un utente aggiornato');
    const answer = await serverPreferences(page);
    expect(Object.keys(answer).filter((key) => key.endsWith('_create'))).toEqual(['rca_create']);
  });

  it('gives a gpl broker no preferences button, and an RC Auto broker only its sector', async () => {
    const gpl = await signedIn(GPL_BROKER);
    await gpl.getByRole('button', { name: /^Notifiche/ }).first().click();
    const popover = gpl.getByRole('dialog', { name: 'Notifiche' });
    await popover.getByRole('switch', { name: 'Notifiche push' }).waitFor({ state: 'attached' });
    expect(await popover.getByRole('button', { name: 'Preferenze notifiche' }).count()).toBe(0);
    await gpl.goto(`${suite.server.url}/notifiche`);
    await gpl.getByRole('heading', { name: 'Notifiche', level: 1 }).waitFor();
    expect(await gpl.getByRole('button', { name: 'Preferenze notifiche' }).count()).toBe(0);
    await gpl.context().close();

    const rca = await signedIn(RCA_BROKER);
    const dialog = await openFromBell(rca);
    expect(await sectionTitles(dialog)).toEqual(['RC Auto']);
    expect(await dialog.getByRole('group').count()).toBe(6);
  });

  it('fits a 390 px phone', async () => {
    const page = await signedIn(ADMIN, PHONE);
    const dialog = await openFromBell(page);
    await page.waitForTimeout(300); // the entry transition
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const email = toggle(dialog, 'Luce e gas', 'Pratica aggiornata', 'E-mail');
    await email.scrollIntoViewIfNeeded();
    const switchBox = await dialog.getByRole('region', { name: 'Luce e gas' }).getByRole('group', { name: 'Pratica aggiornata' }).boundingBox();
    expect(switchBox!.x + switchBox!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'notification-preferences-phone');
  });
});
