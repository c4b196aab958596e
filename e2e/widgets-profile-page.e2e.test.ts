import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';
import { rawAnswer, recordTrpcCalls, routeTrpc, trpcError, trpcInput } from './trpc-route';
import { logInThroughForm, settle } from './widgets-helpers';

const PASSWORD = 'Password123';
const CORNER = {
  email: 'sara.neri@example.it',
  name: 'Sara',
  surname: 'Neri',
  cf: 'RSSMRA85T10A562S',
  phone: '3479876543',
};

const OTHER = { email: 'elena.riva@example.it', name: 'Elena', surname: 'Riva', cf: 'RSSMRA85T10A562S', phone: '3471234567' };

const openProfile = async (page: Page, baseUrl: string) => {
  await page.goto(`${baseUrl}/profilo`);
  await page.getByRole('heading', { name: 'Modifica i dati' }).waitFor();
};

const editor = (page: Page) => page.getByRole('region', { name: 'Modifica i dati' });

/** /profilo shows the profile and edits it with the forced dialog's form (spec sections 3 and 7). */
describe.skipIf(!hasBrowser)('profile page', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser({ ...CORNER, password: PASSWORD, role: 'corner', type: 'persona', taxRegime: null });
      await server.createUser({ ...OTHER, password: PASSWORD, role: 'corner', type: 'persona', taxRegime: null });
    },
  });

  it('shows the profile, saves a change, and shows it again after a reload', async () => {
    const page = await suite.openPage('/accedi');
    const patches = recordTrpcCalls(page, 'profile.update', 'POST');
    await logInThroughForm(page, suite.server.url, CORNER.email, PASSWORD);
    await openProfile(page, suite.server.url);

    expect(await page.title()).toBe('Profilo · Piattaforma Intermediari');
    await page.getByRole('heading', { name: 'Sara Neri' }).waitFor();
    for (const text of [CORNER.email, '+39 347 987 6543', CORNER.cf, 'Persona', 'Completo']) {
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    await saveScreenshot(page, 'widgets-profile-desktop');

    const form = editor(page);
    await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Sarah');
    await form.getByRole('textbox', { name: 'Regime fiscale' }).click();
    await page.getByRole('option', { name: 'Forfettario' }).click();
    await form.getByRole('switch', { name: 'Hai dipendenti' }).check();
    await form.getByRole('button', { name: 'Salva modifiche' }).click();

    await page.getByText(MSG.profileUpdated).waitFor();
    await page.getByRole('heading', { name: 'Sarah Neri' }).waitFor();
    expect(patches).toHaveLength(1);
    expect(trpcInput(patches[0]!)).toEqual({
      user: { type: 'persona', name: 'Sarah', surname: 'Neri', cf: CORNER.cf, business: '', vat: '' },
      taxRegime: 'Forfettario',
      hasEmployee: true,
    });

    await page.reload();
    await page.getByRole('heading', { name: 'Sarah Neri' }).waitFor();
    expect(await editor(page).getByRole('textbox', { name: 'Nome', exact: true }).inputValue()).toBe('Sarah');
    expect(await editor(page).getByRole('textbox', { name: 'Regime fiscale' }).inputValue()).toBe('Forfettario');
    expect(await editor(page).getByRole('switch', { name: 'Hai dipendenti' }).isChecked()).toBe(true);
    expect(await page.getByText('Forfettario', { exact: true }).first().isVisible()).toBe(true);
  });

  it('refuses an invalid partita IVA in the browser and puts the server’s field messages under the fields', async () => {
    const page = await suite.openPage('/accedi', PHONE);
    const patches = recordTrpcCalls(page, 'profile.update', 'POST');
    await logInThroughForm(page, suite.server.url, OTHER.email, PASSWORD);
    await openProfile(page, suite.server.url);
    await saveScreenshot(page, 'widgets-profile-phone');

    const form = editor(page);
    await form.getByText('Azienda', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Ragione sociale' }).fill('Riva Consulenze Srl');
    await form.getByRole('textbox', { name: 'Partita IVA' }).fill('12345678901');
    await form.getByRole('textbox', { name: 'Codice fiscale' }).fill('01234560017');
    await form.getByRole('button', { name: 'Salva modifiche' }).click();
    await form.getByText(MSG.vatInvalid).waitFor();
    // A company must also choose its tax regime (spec section 5); nothing is sent.
    await form.getByText(MSG.taxRegimeRequired).waitFor();
    await settle(page);
    expect(patches).toHaveLength(0);
    // The cursor waits in the first field to correct.
    expect(await form.getByRole('textbox', { name: 'Partita IVA' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'widgets-profile-errors-phone');

    // A refusal only the server can give (here simulated) lands under the field it names.
    await routeTrpc(page, 'profile.update', trpcError({ httpStatus: 400, message: 'x', fields: { 'user.cf': ['Codice fiscale già in uso.'] } }));
    await form.getByRole('textbox', { name: 'Partita IVA' }).fill('01234560017');
    await form.getByRole('textbox', { name: 'Regime fiscale' }).click();
    await page.getByRole('option', { name: 'Semplificato' }).click();
    await form.getByRole('button', { name: 'Salva modifiche' }).click();
    const serverMessage = form.getByText('Codice fiscale già in uso.');
    await serverMessage.waitFor();
    const messageId = await serverMessage.getAttribute('id');
    expect((await form.getByRole('textbox', { name: 'Codice fiscale' }).getAttribute('aria-describedby'))?.split(' ')).toContain(messageId);
    expect(patches).toHaveLength(1);

    // "Annulla modifiche" puts the saved data back.
    await form.getByRole('button', { name: 'Annulla modifiche' }).click();
    expect(await form.getByRole('textbox', { name: 'Nome', exact: true }).inputValue()).toBe(OTHER.name);
  });

  it('says so when the profile cannot be loaded, and loads it on "Riprova"', async () => {
    const page = await suite.openPage('/accedi');
    await logInThroughForm(page, suite.server.url, OTHER.email, PASSWORD);
    const available = await routeTrpc(page, 'profile.get', rawAnswer(503, 'text/plain', ''));
    await page.goto(`${suite.server.url}/profilo`);

    const failure = page.getByRole('alert').filter({ hasText: 'Impossibile caricare il profilo' });
    await failure.getByText(MSG.serviceUnavailable).waitFor({ timeout: 15_000 });
    await saveScreenshot(page, 'widgets-profile-load-error-desktop');

    await available();
    await failure.getByRole('button', { name: 'Riprova' }).click();
    await page.getByRole('heading', { name: `${OTHER.name} ${OTHER.surname}` }).waitFor();
    expect(await failure.count()).toBe(0);
  });
});
