import { describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';
import { ADMIN, BROKER, CORNER_AZIENDA, CORNER_PERSONA, profileMenuItems, sidebarLinks, signIn, waitForShell } from './shell-helpers';

const ADMIN_LINKS = [
  'Dashboard',
  'Gestione utenti',
  'Clienti',
  'Gestione compagnie',
  'Gestione agenzie',
  'Impostazioni',
  'Notizie',
  'Pagamenti',
  'Categorie',
  'Nazionali',
  'Comunali',
  'Documenti',
  'Altri rami',
  'Fideiussioni',
  'Province e città',
  'Registro attività',
];
const WORK_LINKS = ['Clienti', 'RC Auto', 'Altri rami', 'Fideiussioni', 'Luce e gas', 'GPL'];
const CORNER_MENU = ['Profilo', 'La mia Gift Card', 'Pagamenti', 'Documenti', 'Cambia password', 'Esci'];

/** Spec sections 2 and 6: what the header, the sidebar and the profile menu offer to each role. */
describe.skipIf(!hasBrowser)('shell by role', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      for (const user of [ADMIN, CORNER_PERSONA, CORNER_AZIENDA, BROKER]) await server.createUser(user);
    },
  });
  const { openPage } = suite;

  it('gives an admin the header, the Amministrazione group with Gift Card, and the full profile menu', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await waitForShell(page);

    for (const name of ['Chat', 'Notifiche', 'Profilo', 'Menu']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Piattaforma Intermediari, vai alla home' }).getAttribute('href')).toBe('/');
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    expect(await nav.getByRole('group', { name: 'Amministrazione' }).getByRole('link').allInnerTexts()).toEqual(ADMIN_LINKS);
    expect(await nav.getByRole('group', { name: 'Gift Card' }).getByRole('link').allInnerTexts()).toEqual(['Categorie', 'Nazionali', 'Comunali']);
    expect(await nav.getByRole('group', { name: 'Clienti e settori' }).getByRole('link').allInnerTexts()).toEqual(WORK_LINKS);
    expect(await sidebarLinks(page)).toEqual(['Home', ...ADMIN_LINKS, ...WORK_LINKS]);
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(await profileMenuItems(page)).toEqual(CORNER_MENU);
    await saveScreenshot(page, 'shell-admin-home-desktop');

    // Every admin route opens with its title, and the current link is highlighted.
    await nav.getByRole('group', { name: 'Amministrazione' }).getByRole('link', { name: 'Gestione compagnie' }).click();
    await page.waitForURL(`${suite.server.url}/admin/gestione-compagnie`);
    await page.getByRole('heading', { level: 1, name: 'Gestione compagnie' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Gestione compagnie' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await saveScreenshot(page, 'shell-admin-placeholder-desktop');

    // On a wide screen "Menu" folds the docked sidebar away (out of reach of Tab too) and brings it back.
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#menu-principale').evaluate((element) => (element as HTMLElement).inert)).toBe(true);
    await menuButton.click();
    expect(await page.locator('#menu-principale').evaluate((element) => (element as HTMLElement).inert)).toBe(false);
  });

  it('gives a corner persona the work links only, and refuses an admin route with a warning', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);

    for (const name of ['Chat', 'Notifiche', 'Profilo', 'Menu']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    expect(await sidebarLinks(page)).toEqual(['Home', ...WORK_LINKS]);
    expect(await page.getByRole('group', { name: 'Amministrazione' }).count()).toBe(0);
    expect(await profileMenuItems(page)).toEqual(CORNER_MENU);
    await page.getByRole('heading', { name: 'Mario Rossi' }).waitFor();
    await saveScreenshot(page, 'shell-corner-home-desktop');

    await page.goto(`${suite.server.url}/admin/gestione-utenti`);
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('alert').filter({ hasText: 'Questa sezione è riservata agli amministratori.' }).waitFor();
    await saveScreenshot(page, 'shell-corner-refused-desktop');
  });

  it('gives a corner azienda the same shell, named after the business', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_AZIENDA);
    await waitForShell(page);

    expect(await sidebarLinks(page)).toEqual(['Home', ...WORK_LINKS]);
    expect(await profileMenuItems(page)).toEqual(CORNER_MENU);
    await page.getByRole('heading', { name: CORNER_AZIENDA.business }).waitFor();
    // Issue 26 point 11: a company corner is told its contract is unsigned, as a person corner is.
    await page.getByRole('status', { name: 'Contratto da firmare' }).getByRole('link', { name: 'Documenti' }).waitFor();
    await page.getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menu').getByText(CORNER_AZIENDA.business).waitFor();
  });

  it('gives a broker no sidebar, no Menu, no news and only password and logout, and its sector worklist as home', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, BROKER);
    await waitForShell(page);

    for (const name of ['Chat', 'Notifiche', 'Profilo']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Menu principale' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Notizie' }).count()).toBe(0);
    expect(await profileMenuItems(page)).toEqual(['Cambia password', 'Esci']);
    await page.getByRole('heading', { level: 1, name: 'Pratiche da lavorare' }).waitFor();
    await page.getByRole('heading', { name: 'Nessuna pratica Luce e gas da lavorare' }).waitFor();
    await saveScreenshot(page, 'shell-broker-home-desktop');

    // The pages of the profile menu are refused to a broker, as the menu hides them.
    await page.goto(`${suite.server.url}/pagamenti`);
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('alert').filter({ hasText: 'Questa sezione non è disponibile per il tuo profilo.' }).waitFor();
  });

  it('fits a 390 px phone: the sidebar is a drawer opened by Menu that closes on route change and outside click', async () => {
    const page = await openPage('/accedi', PHONE);
    await signIn(page, suite.server.url, ADMIN);
    await waitForShell(page);
    expect(await page.getByRole('navigation', { name: 'Menu principale' }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'shell-admin-home-phone');

    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await menuButton.click();
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    await nav.waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await page.waitForTimeout(300); // the drawer's entry transition
    await saveScreenshot(page, 'shell-admin-drawer-phone');
    await nav.getByRole('link', { name: 'RC Auto' }).click();
    await page.waitForURL(`${suite.server.url}/rca`);
    await nav.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'RC Auto' }).waitFor();
    await saveScreenshot(page, 'shell-rca-phone');

    await menuButton.click();
    await nav.waitFor();
    await page.mouse.click(370, 600); // the overlay beside the 300 px drawer
    await nav.waitFor({ state: 'detached' });

    await menuButton.click();
    await nav.waitFor();
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'detached' });
  });
});
