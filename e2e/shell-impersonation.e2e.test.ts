import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';
import { ADMIN, BROKER, CORNER_PERSONA, profileMenuItems, sidebarLinks, signIn, waitForShell } from './shell-helpers';
import { recordTrpcCalls, waitForTrpcCall } from './trpc-route';

const INACTIVE = { email: 'spento@example.it', password: 'Spento12345', role: 'corner', name: 'Paolo', surname: 'Spento', state: 'inactive' } as const;

const readToken = (page: Page) => page.evaluate(() => window.sessionStorage.getItem('impersonationToken'));

/** Spec section 4: an admin acts as another user with a bearer token, and comes back. */
describe.skipIf(!hasBrowser)('impersonation', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      for (const user of [ADMIN, CORNER_PERSONA, BROKER, INACTIVE]) await server.createUser(user);
    },
  });
  const { openPage } = suite;

  /** Admin on the user list filtered by `search`, as the return address will remember it. */
  const openUserList = async (page: Page, search: string) => {
    await signIn(page, suite.server.url, ADMIN);
    await waitForShell(page);
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Gestione utenti' }).click();
    await page.getByLabel('Cerca').fill(search);
    await page.waitForURL(`${suite.server.url}/admin/gestione-utenti?q=${search}`);
    await page.getByRole('cell', { name: new RegExp(search) }).first().waitFor();
  };

  it('acts as a corner with a banner and the corner’s view, keeps it over a reload, and returns to the list', async () => {
    const page = await openPage('/accedi');
    await openUserList(page, 'Rossi');
    await saveScreenshot(page, 'shell-users-desktop');

    await page.getByRole('button', { name: 'Accedi come Mario Rossi' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    const banner = page.getByRole('region', { name: 'Accesso come altro utente' });
    await banner.getByText('Stai operando come Mario Rossi').waitFor();
    await page.getByRole('heading', { name: 'Mario Rossi' }).waitFor();
    expect(await page.getByRole('group', { name: 'Amministrazione' }).count()).toBe(0);
    expect(await sidebarLinks(page)).toEqual(['Home', 'Clienti', 'RC Auto', 'Altri rami', 'Fideiussioni', 'Luce e gas', 'GPL']);
    expect(await profileMenuItems(page)).toEqual(['Profilo', 'La mia Gift Card', 'Pagamenti', 'Documenti', 'Cambia password', 'Torna al tuo account', 'Esci']);
    // Leaving the admin page for '/' is no refusal: no warning.
    expect(await page.getByRole('alert').filter({ hasText: 'riservata agli amministratori' }).count()).toBe(0);
    const token = await readToken(page);
    expect(token).toBeTruthy();
    await saveScreenshot(page, 'shell-impersonation-desktop');

    // After a reload the requests carry the bearer token, and the view is still the corner's.
    const profileRequest = waitForTrpcCall(page, 'profile.get');
    await page.reload();
    expect((await profileRequest).headers().authorization).toBe(`Bearer ${token}`);
    await waitForShell(page);
    await banner.getByText('Stai operando come Mario Rossi').waitFor();
    expect(await page.getByRole('group', { name: 'Amministrazione' }).count()).toBe(0);

    const logout = waitForTrpcCall(page, 'auth.logout');
    await banner.getByRole('button', { name: 'Torna al tuo account' }).click();
    expect((await logout).headers().authorization).toBe(`Bearer ${token}`);
    await page.waitForURL(`${suite.server.url}/admin/gestione-utenti?q=Rossi`);
    await page.getByRole('group', { name: 'Amministrazione' }).waitFor();
    await page.getByRole('button', { name: 'Accedi come Mario Rossi' }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(await readToken(page)).toBeNull();
    expect(await page.getByLabel('Cerca').inputValue()).toBe('Rossi');

    // The login-as token is revoked on the server: it no longer opens a session.
    const me = await page.request.get(`${suite.server.url}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  it('offers "Accedi come" only for active users who are not admins', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/gestione-utenti`);
    await page.getByRole('cell', { name: /spento@example\.it/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Accedi come Mario Rossi' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Accedi come Elena Greco' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Accedi come Paolo Spento' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Accedi come Chiara Neri' }).count()).toBe(0);
    // The broker's sector reads as its label ("Luce e gas"), not as the stored value ("luce e gas").
    const brokerRow = page.getByRole('row').filter({ hasText: 'Elena Greco' });
    expect(await brokerRow.getByText('Luce e gas', { exact: true }).count()).toBe(1);
    expect(await brokerRow.getByText('luce e gas', { exact: true }).count()).toBe(0);
  });

  it('acts as a broker on a phone: broker view, banner, and the way back from the profile menu', async () => {
    const page = await openPage('/accedi', PHONE);
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/gestione-utenti`);
    await page.getByRole('button', { name: 'Accedi come Elena Greco' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Pratiche da lavorare' }).waitFor();
    await page.getByRole('region', { name: 'Accesso come altro utente' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'shell-impersonation-broker-phone');

    await page.getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Torna al tuo account' }).click();
    await page.waitForURL(`${suite.server.url}/admin/gestione-utenti`);
    await page.getByRole('button', { name: 'Menu', exact: true }).waitFor();
  });

  it('"Esci" while impersonating ends the impersonation and then the admin’s own session', async () => {
    const page = await openPage('/accedi');
    await openUserList(page, 'Rossi');
    await page.getByRole('button', { name: 'Accedi come Mario Rossi' }).click();
    await page.getByRole('region', { name: 'Accesso come altro utente' }).waitFor();
    const token = await readToken(page);

    const logoutCalls = recordTrpcCalls(page, 'auth.logout');
    await page.getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await page.waitForURL(`${suite.server.url}/accedi`);
    expect(logoutCalls.map((request) => request.headers().authorization)).toEqual([`Bearer ${token}`, undefined]);
    // The sign-in page may still be loading after the logout's own navigation: read the storage once it has settled.
    await expect.poll(() => readToken(page).catch(() => 'still navigating')).toBeNull();

    // Neither session is left: the admin is signed out too.
    await page.goto(`${suite.server.url}/admin/gestione-utenti`);
    await page.waitForURL(`${suite.server.url}/accedi`);
  });
});
