import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';

const CORNER = { email: 'giulia.bianchi@example.it', password: 'Password123', name: 'Giulia', surname: 'Bianchi', cf: 'BNCGLI90M41F205Y', phone: '3331234567' };

describe.skipIf(!hasBrowser)('login', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await suite.server.createUser({ ...CORNER, role: 'corner', type: 'persona', state: 'active' });
    },
  });
  const { openPage } = suite;

  const fillCredentials = async (page: Page, email: string, password: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Accedi' }).click();
  };


  it('signs an active corner in, shows who is signed in, and signs out to /accedi', async () => {
    const page = await openPage('/accedi');
    await page.getByLabel('Email').waitFor();
    expect(await page.title()).toBe('Accedi · Piattaforma Intermediari');
    await saveScreenshot(page, 'login-desktop');

    await fillCredentials(page, CORNER.email, CORNER.password);

    await page.waitForURL(`${suite.server.url}/`);
    const displayName = page.getByRole('heading', { name: 'Giulia Bianchi' });
    await displayName.waitFor();
    expect(await page.getByText(CORNER.email).isVisible()).toBe(true);
    expect(await page.getByText('Corner', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Account attivo', { exact: true }).isVisible()).toBe(true);
    await saveScreenshot(page, 'home-desktop');

    await page.getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await page.waitForURL(`${suite.server.url}/accedi`);
    await page.getByRole('button', { name: 'Accedi' }).waitFor();

    // The session is gone on the server too: the home page sends the visitor back to the login form.
    await page.goto(`${suite.server.url}/`);
    await page.waitForURL(`${suite.server.url}/accedi`);
  });

  it('shows the server’s Italian message for a wrong password and stays on /accedi', async () => {
    const page = await openPage('/accedi');

    await fillCredentials(page, CORNER.email, 'PasswordSbagliata1');

    await page.getByRole('alert').filter({ hasText: 'Email o password non corretti.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/accedi');
    await saveScreenshot(page, 'login-wrong-password-desktop');
  });

  it('brings a visitor of a private page back to it after login', async () => {
    const page = await openPage('/pagina-riservata?filtro=1');
    await page.waitForURL(`${suite.server.url}/accedi`);

    await fillCredentials(page, CORNER.email, CORNER.password);

    await page.waitForURL(`${suite.server.url}/pagina-riservata?filtro=1`);
    await page.getByRole('heading', { name: 'Pagina non trovata' }).waitFor();
  });

  it('works on a 390 px wide phone', async () => {
    const page = await openPage('/accedi', PHONE);
    await page.getByLabel('Email').waitFor();
    await saveScreenshot(page, 'login-phone');

    await fillCredentials(page, CORNER.email, CORNER.password);

    await page.getByRole('heading', { name: 'Giulia Bianchi' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'home-phone');
  });
});
