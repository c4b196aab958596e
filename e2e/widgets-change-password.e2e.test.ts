import { describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { hasBrowser, useBrowserSuite } from './browser';
import { recordTrpcCalls, trpcInput } from './trpc-route';
import { logInThroughForm, saveViewportScreenshot, settle } from './widgets-helpers';

const USER = { email: 'paolo.gallo@example.it', password: 'VecchiaPass1', name: 'Paolo', surname: 'Gallo' };
const NEW_PASSWORD = 'NuovaPass2024';

/** The change-password dialog (spec sections 2 and 7), opened from the profile menu and from /profilo. */
describe.skipIf(!hasBrowser)('change password dialog', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser({ ...USER, role: 'corner', type: 'persona', cf: 'RSSMRA85T10A562S', phone: '3331112222' });
    },
  });

  it('asks for the current password, shows nothing on opening, refuses a wrong one and changes with the right one', async () => {
    const page = await suite.openPage('/accedi');
    const posts = recordTrpcCalls(page, 'auth.updatePassword', 'POST');
    await logInThroughForm(page, suite.server.url, USER.email, USER.password);
    // From the header's profile menu: the closing menu takes the focus back from the dialog's first field.
    await page.getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Cambia password' }).click();

    // Opening, and the focus moving around the dialog, validates nothing.
    const dialog = page.getByRole('dialog', { name: 'Cambia password' });
    await dialog.waitFor();
    await settle(page, 1000);
    const current = dialog.getByLabel('Password attuale');
    for (const message of [MSG.passwordTooShort, MSG.currentPasswordRequired, MSG.required, MSG.passwordMismatch]) {
      expect(await dialog.getByText(message).count()).toBe(0);
    }

    // Leaving a field the user typed in checks it; submitting checks them all, sending nothing.
    await dialog.getByLabel('Nuova password').fill('corta');
    await dialog.getByLabel('Conferma password').focus();
    await dialog.getByText(MSG.passwordTooShort).waitFor();
    await dialog.getByLabel('Conferma password').fill('diversa');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await dialog.getByText(MSG.currentPasswordRequired).waitFor();
    await dialog.getByText(MSG.passwordMismatch).waitFor();
    await settle(page);
    expect(posts).toHaveLength(0);
    await saveViewportScreenshot(page, 'widgets-change-password-errors-desktop');

    // A wrong current password: the server's message under the field, the dialog stays open.
    await current.fill('NonQuella9');
    await dialog.getByLabel('Nuova password').fill(NEW_PASSWORD);
    await dialog.getByLabel('Conferma password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await dialog.getByText(MSG.currentPasswordWrong).waitFor();
    expect(posts).toHaveLength(1);

    // The right one: the password changes and the dialog closes.
    await current.fill(USER.password);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText(MSG.passwordUpdated).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(posts).toHaveLength(2);
    expect(trpcInput(posts[1]!)).toEqual({ currentPassword: USER.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });

    // Passwords do not linger: it opens again (from /profilo) empty and quiet.
    await page.goto(`${suite.server.url}/profilo`);
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await dialog.waitFor();
    await settle(page);
    expect(await current.inputValue()).toBe('');
    expect(await dialog.getByText(MSG.currentPasswordWrong).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'hidden' });

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
