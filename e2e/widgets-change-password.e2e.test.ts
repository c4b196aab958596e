import { describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { hasBrowser, useBrowserSuite } from './browser';
import { logInThroughForm, recordRequests, saveViewportScreenshot, settle } from './widgets-helpers';

const USER = { email: 'paolo.gallo@example.it', password: 'VecchiaPass1', name: 'Paolo', surname: 'Gallo' };
const NEW_PASSWORD = 'NuovaPass2024';

/** The change-password dialog (spec sections 2 and 7), opened from /profilo. */
describe.skipIf(!hasBrowser)('change password dialog', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser({ ...USER, role: 'corner', type: 'persona', cf: 'RSSMRA85T10A562S', phone: '3331112222' });
    },
  });

  it('checks the two fields in the browser, changes the password, and only the new one opens the account', async () => {
    const page = await suite.openPage('/accedi');
    const posts = recordRequests(page, 'POST', '/api/auth/update-password');
    await logInThroughForm(page, suite.server.url, USER.email, USER.password);
    await page.goto(`${suite.server.url}/profilo`);
    await page.getByRole('button', { name: 'Cambia password' }).click();

    const dialog = page.getByRole('dialog', { name: 'Cambia password' });
    await dialog.waitFor();
    await dialog.getByLabel('Nuova password').fill('corta');
    await dialog.getByLabel('Conferma password').fill('diversa');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await dialog.getByText(MSG.passwordTooShort).waitFor();
    await dialog.getByText(MSG.passwordMismatch).waitFor();
    await settle(page);
    expect(posts).toHaveLength(0);
    await saveViewportScreenshot(page, 'widgets-change-password-errors-desktop');

    // Dismissable: Annulla closes it, and it opens again empty.
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Nuova password').inputValue()).toBe('');

    await dialog.getByLabel('Nuova password').fill(NEW_PASSWORD);
    await dialog.getByLabel('Conferma password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText(MSG.passwordUpdated).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(posts).toHaveLength(1);
    expect(posts[0]!.postDataJSON()).toEqual({ password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });

    // A fresh visit without the session: the old password is refused, the new one signs in.
    await page.context().clearCookies();
    await page.goto(`${suite.server.url}/accedi`);
    await page.getByRole('textbox', { name: 'Email' }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.wrongCredentials }).waitFor();
    await logInThroughForm(page, suite.server.url, USER.email, NEW_PASSWORD);
  });
});
