import { describe, expect, it } from 'vitest';
import { hasBrowser, saveScreenshot, useBrowserSuite } from './browser';
import { ADMIN, BROKER, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

const NARROW = { width: 360, height: 740 } as const;

/** The header's popovers, the keyboard path through the shell, the service worker and the narrowest phone. */
describe.skipIf(!hasBrowser)('shell header and keyboard', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      for (const user of [ADMIN, CORNER_PERSONA, BROKER]) await server.createUser(user);
    },
  });
  const { openPage } = suite;

  it('opens the notifications with a disabled read-all on an empty list and a link to all of them', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    await page.getByRole('button', { name: 'Notifiche' }).click();
    const popover = page.getByRole('dialog', { name: 'Notifiche' });
    await popover.getByText('Nessuna notifica').waitFor();
    expect(await popover.getByRole('button', { name: 'Segna tutte come lette' }).isDisabled()).toBe(true);
    await page.waitForTimeout(250); // the popover's entry transition
    await saveScreenshot(page, 'shell-notifications-desktop');
    await popover.getByRole('link', { name: 'Vedi tutte' }).click();
    await page.waitForURL(`${suite.server.url}/notifiche`);
    await page.getByRole('heading', { level: 1, name: 'Notifiche' }).waitFor();
    await popover.waitFor({ state: 'detached' });
  });

  it('shows the staff contact in the chat panel to a corner', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    await page.getByRole('button', { name: 'Chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat' });
    await chat.getByText('Staff', { exact: true }).waitFor();
    expect(await chat.getByRole('link', { name: 'assistenza@localhost.it' }).getAttribute('href')).toBe('mailto:assistenza@localhost.it');
    await page.waitForTimeout(250);
    await saveScreenshot(page, 'shell-chat-desktop');
    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'detached' });
  });

  it('shows no staff contact in the chat panel to a broker', async () => {
    const brokerPage = await openPage('/accedi');
    await signIn(brokerPage, suite.server.url, BROKER);
    await waitForShell(brokerPage);
    await brokerPage.getByRole('button', { name: 'Chat' }).click();
    const brokerChat = brokerPage.getByRole('dialog', { name: 'Chat' });
    await brokerChat.getByText(/Nessuna conversazione aperta/).waitFor();
    expect(await brokerChat.getByText('Staff', { exact: true }).count()).toBe(0);
  });

  it('is usable by keyboard: skip link to the content, menus opened with Enter and closed with Esc', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await waitForShell(page);
    await page.goto(`${suite.server.url}/clienti`);
    await waitForShell(page);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Vai al contenuto' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await saveScreenshot(page, 'shell-skip-link-desktop');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenuto');

    const profile = page.getByRole('button', { name: 'Profilo' });
    await profile.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await profile.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Notifiche' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Notifiche' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Notifiche' }).waitFor({ state: 'detached' });

    // Collapsing a sidebar group is a real button with its state.
    const group = page.getByRole('button', { name: 'Amministrazione' });
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await group.focus();
    await page.keyboard.press('Enter');
    expect(await group.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the change-password dialog from the profile menu', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    await page.getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Cambia password' }).click();
    await page.getByRole('dialog', { name: 'Cambia password' }).waitFor();
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });

  it('registers the service worker at /sw.js once signed in', async () => {
    const page = await openPage('/accedi');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await signIn(page, suite.server.url, CORNER_PERSONA);
    const script = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL };
    });
    expect(script).toEqual({ scope: `${suite.server.url}/`, script: `${suite.server.url}/sw.js` });
  });

  it('fits a 360 px phone on the home page and the user list', async () => {
    const page = await openPage('/accedi', NARROW);
    await signIn(page, suite.server.url, ADMIN);
    await waitForShell(page);
    for (const name of ['Menu', 'Piattaforma Intermediari, vai alla home', 'Chat', 'Notifiche', 'Profilo']) {
      const box = await page.getByRole(name.startsWith('Piattaforma') ? 'link' : 'button', { name, exact: true }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= NARROW.width).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.goto(`${suite.server.url}/admin/gestione-utenti`);
    await page.getByRole('button', { name: 'Accedi come Mario Rossi' }).waitFor();
    await waitForShell(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'shell-users-phone-360');
  });
});
