import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { linkToken } from '../server/testing/outbox';
import { hasBrowser, saveScreenshot, useBrowserSuite } from './browser';

/**
 * Two journeys a person makes from start to end, only through the browser: registering and confirming the
 * address, and getting back into an account with a forgotten password. The links come from the server's outbox.
 */
describe.skipIf(!hasBrowser)('account journeys', () => {
  const suite = useBrowserSuite();
  const { openPage } = suite;

  const logIn = async (page: Page, email: string, password: string) => {
    // By role: after a confirmation the "Email confermata" notice is labelled "Email" too.
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Accedi' }).click();
  };

  /** The token of the last e-mail sent to `to` that carries a `?<param>=` link. */
  const tokenFromLastMail = async (to: string, param: string): Promise<string> => {
    const mails = (await suite.server.readMails()).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
    const token = linkToken(mails.at(-1)?.body ?? '', param);
    expect(token, `no ?${param}= link in the mails to ${to}`).not.toBe('');
    return token;
  };

  it('registers a persona, is told to confirm the address, confirms it from the e-mail and signs in', async () => {
    const person = { name: 'Luca', surname: 'Ferrari', email: 'luca.ferrari@example.it', password: 'Registrato2024' };
    const page = await openPage('/registrati');

    // "Persona" is the default choice; the company fields are not on the form.
    expect(await page.getByLabel('Ragione sociale').count()).toBe(0);
    await page.getByLabel(/^Nome/).fill(person.name);
    await page.getByLabel('Cognome').fill(person.surname);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Telefono').fill('+39 347 765 4321');
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByLabel('Conferma password').fill(person.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Registrati' }).click();

    await page.getByRole('heading', { name: 'Controlla la tua email' }).waitFor();
    await page.getByRole('status').filter({ hasText: MSG.registered }).waitFor();
    await saveScreenshot(page, 'journey-registered-desktop');

    // Before the address is confirmed, the login is refused with the reason.
    await page.getByRole('link', { name: 'Vai all’accesso' }).click();
    await page.waitForURL(`${suite.server.url}/accedi`);
    await logIn(page, person.email, person.password);
    await page.getByRole('alert').filter({ hasText: MSG.accountPending }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/accedi');
    await saveScreenshot(page, 'journey-login-pending-desktop');

    // The link of the confirmation mail, opened on this suite.server.
    const token = await tokenFromLastMail(person.email, 'verifica');
    await page.goto(`${suite.server.url}/accedi?verifica=${token}`);
    await page.getByRole('status').filter({ hasText: MSG.emailVerified }).waitFor();
    await page.waitForURL(`${suite.server.url}/accedi`);
    expect(new URL(page.url()).search).toBe('');
    await saveScreenshot(page, 'journey-email-verified-desktop');

    await logIn(page, person.email, person.password);
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('heading', { name: `${person.name} ${person.surname}` }).waitFor();
    expect(await page.getByText(person.email).isVisible()).toBe(true);
    await saveScreenshot(page, 'journey-registered-home-desktop');
  });

  it('recovers a forgotten password from the e-mail link and signs in with the new one only', async () => {
    const user = { email: 'sara.conti@example.it', password: 'VecchiaPassword1', name: 'Sara', surname: 'Conti' };
    const newPassword = 'NuovaPassword2';
    await suite.server.createUser({ ...user, role: 'corner', type: 'persona', state: 'active' });

    const page = await openPage('/recupero-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await page.getByRole('status').filter({ hasText: MSG.recoverSent }).waitFor();

    // The link of the recovery mail, opened on this suite.server.
    const token = await tokenFromLastMail(user.email, 'token');
    await page.goto(`${suite.server.url}/recupero-password?token=${token}`);
    await page.getByRole('heading', { name: 'Scegli la password' }).waitFor();

    // A confirmation that does not match is caught before anything is sent.
    await page.getByLabel('Nuova password').fill(newPassword);
    await page.getByLabel('Conferma password').fill('NuovaPassword3');
    await page.getByRole('button', { name: 'Salva la password' }).click();
    const mismatch = page.getByText(MSG.passwordMismatch);
    await mismatch.waitFor();
    // The message is tied to the confirmation field (Mantine's PasswordInput sets no aria-invalid, only the description).
    const mismatchId = await mismatch.getAttribute('id');
    expect(mismatchId).toBeTruthy();
    expect((await page.getByLabel('Conferma password').getAttribute('aria-describedby'))?.split(' ')).toContain(mismatchId);
    expect(new URL(page.url()).pathname).toBe('/recupero-password');
    await saveScreenshot(page, 'journey-reset-mismatch-desktop');

    await page.getByLabel('Conferma password').fill(newPassword);
    await page.getByRole('button', { name: 'Salva la password' }).click();

    await page.waitForURL(`${suite.server.url}/accedi`);
    await page.getByRole('status').filter({ hasText: MSG.passwordReset }).waitFor();
    await saveScreenshot(page, 'journey-reset-done-desktop');

    await logIn(page, user.email, user.password);
    await page.getByRole('alert').filter({ hasText: MSG.wrongCredentials }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/accedi');

    await logIn(page, user.email, newPassword);
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('heading', { name: `${user.name} ${user.surname}` }).waitFor();
  });
});
