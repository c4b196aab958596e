import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';

describe.skipIf(!hasBrowser)('public pages', () => {
  const suite = useBrowserSuite();
  const { openPage } = suite;

  const fillCompany = async (page: Page, email: string) => {
    await page.getByText('Azienda', { exact: true }).click();
    await page.getByLabel('Ragione sociale').fill('Bianchi Assicurazioni S.r.l.');
    await page.getByLabel('Partita IVA').fill('12345670017');
    await page.getByLabel(/^Nome/).fill('Giulia');
    await page.getByLabel('Cognome').fill('Bianchi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Telefono').fill('+39 333 123 4567');
    await page.getByLabel(/^Password/).fill('Password123');
    await page.getByLabel('Conferma password').fill('Password123');
    await page.getByRole('checkbox').check();
  };

  it('checks the registration form on the client before sending it', async () => {
    const page = await openPage('/registrati');
    await page.getByRole('button', { name: 'Registrati' }).click();

    expect(await page.getByText(MSG.required).count()).toBeGreaterThanOrEqual(2);
    await page.getByText(MSG.privacyRequired).waitFor();
    await saveScreenshot(page, 'register-errors-desktop');
  });

  it('registers a company, then shows the server’s field error under Email for the same address', async () => {
    const page = await openPage('/registrati', PHONE);
    await fillCompany(page, 'nuova.azienda@example.it');
    await page.getByRole('button', { name: 'Registrati' }).click();

    await page.getByText('Controlla la tua email').waitFor();
    await page.getByText(MSG.registered).waitFor();
    await saveScreenshot(page, 'register-done-phone');

    await page.goto(`${suite.server.url}/registrati`);
    await fillCompany(page, 'nuova.azienda@example.it');
    await page.getByRole('button', { name: 'Registrati' }).click();

    const emailField = page.getByLabel('Email');
    await page.getByText(MSG.emailTaken).waitFor();
    expect(await emailField.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a password recovery link and shows the same answer for any address', async () => {
    const page = await openPage('/accedi');
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await page.waitForURL(`${suite.server.url}/recupero-password`);

    await page.getByLabel('Email').fill('nessuno@example.it');
    await page.getByRole('button', { name: 'Invia il link' }).click();

    await page.getByText(MSG.recoverSent).waitFor();
  });

  it('rejects a reset link with a bad token above the form', async () => {
    const page = await openPage('/recupero-password?token=token-non-valido-0123456789');
    await page.getByLabel('Nuova password').fill('Password456');
    await page.getByLabel('Conferma password').fill('Password456');
    await page.getByRole('button', { name: 'Salva la password' }).click();

    await page.getByRole('alert').filter({ hasText: MSG.tokenInvalid }).waitFor();
    await saveScreenshot(page, 'reset-password-invalid-desktop');
  });

  it('answers an email confirmation link with a bad token on /accedi and drops the token from the address', async () => {
    const page = await openPage('/accedi?verifica=token-non-valido-0123456789');

    await page.getByRole('alert').filter({ hasText: MSG.tokenInvalid }).waitFor();
    await page.waitForURL(`${suite.server.url}/accedi`);
  });

  it('shows the privacy notice without a session', async () => {
    const page = await openPage('/privacy');
    await page.getByRole('heading', { name: 'Informativa sul trattamento dei dati personali' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    await saveScreenshot(page, 'privacy-desktop');
  });
});
