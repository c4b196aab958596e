import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { hasBrowser, PHONE, useBrowserSuite } from './browser';
import { recordTrpcCalls, trpcInput } from './trpc-route';
import { logInThroughForm, saveViewportScreenshot, settle } from './widgets-helpers';

const PASSWORD = 'Password123';
const PERSONA = { email: 'marco.verdi@example.it', name: 'Marco', surname: 'Verdi', phone: '3331234567' };
const AZIENDA = { email: 'alfa@example.it', business: 'Alfa Servizi Srl', vat: '01234560017', cf: '01234560017', phone: '0612345678' };

const LEAVER = { email: 'anna.fontana@example.it', name: 'Anna', surname: 'Fontana', phone: '3339998888' };

const forcedDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Completa il tuo profilo' });

/** Clicks the backdrop beside the dialog, where nothing but the overlay is. */
const clickBackdrop = async (page: Page) => {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.mouse.click(6, size.height - 6);
};

/**
 * Spec sections 4 and 5: an account with missing data is held in a two-step dialog it cannot dismiss, whose steps
 * check codice fiscale and partita IVA with the server's own rules, and which closes once the profile is complete.
 */
describe.skipIf(!hasBrowser)('forced profile dialog', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser({ ...PERSONA, password: PASSWORD, role: 'corner', type: 'persona', cf: '' });
      await server.createUser({ ...AZIENDA, password: PASSWORD, role: 'corner', type: 'azienda', taxRegime: null });
      await server.createUser({ ...LEAVER, password: PASSWORD, role: 'corner', type: 'persona', cf: '' });
    },
  });

  it('holds a persona without codice fiscale until valid data is saved, and stays closed after a reload', async () => {
    const page = await suite.openPage('/accedi');
    const patches = recordTrpcCalls(page, 'profile.update', 'POST');
    await logInThroughForm(page, suite.server.url, PERSONA.email, PASSWORD);

    const dialog = forcedDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByText(MSG.missingData).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Chiudi' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Annulla' }).count()).toBe(0);

    // Esc does nothing; a backdrop click shakes the dialog for 300 ms and leaves it open.
    await page.keyboard.press('Escape');
    await settle(page);
    expect(await dialog.isVisible()).toBe(true);
    // The shake is seen as it starts (a mutation observer reads the animation the moment the attribute and class
    // land), not by polling: on a busy machine a poll can fall outside the 300 ms.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { shakes: string[] }).shakes = seen;
      new MutationObserver(() => {
        const element = document.querySelector('[role="dialog"][data-shaking]');
        if (element) seen.push(getComputedStyle(element).animationName);
      }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-shaking', 'class'] });
    });
    await clickBackdrop(page);
    await page.waitForFunction(() => (window as unknown as { shakes: string[] }).shakes.length > 0, undefined, { timeout: 5000 });
    expect(await page.evaluate(() => (window as unknown as { shakes: string[] }).shakes)).toContainEqual(expect.stringMatching(/shake/));
    const shaking = page.locator('[role="dialog"][data-shaking]');
    await shaking.waitFor({ state: 'detached', timeout: 5000 });
    expect(await dialog.isVisible()).toBe(true);
    await saveViewportScreenshot(page, 'widgets-forced-persona-desktop');

    // Step 1: a codice fiscale with a wrong check character is refused in the browser; the step does not move.
    expect(await dialog.getByRole('textbox', { name: 'Nome', exact: true }).inputValue()).toBe(PERSONA.name);
    await dialog.getByRole('button', { name: 'Avanti' }).click();
    await dialog.getByText(MSG.required).waitFor();
    await dialog.getByLabel('Codice fiscale').fill('RSSMRA85T10A562T');
    await dialog.getByRole('button', { name: 'Avanti' }).click();
    await dialog.getByText(MSG.cfInvalid).waitFor();
    expect(await dialog.getByLabel('Regime fiscale').count()).toBe(0);
    await saveViewportScreenshot(page, 'widgets-forced-cf-invalid-desktop');

    // An omocodia variant is valid (same rules as the server), typed in lower case.
    await dialog.getByLabel('Codice fiscale').fill('rssmra85t10a56nh');
    await dialog.getByRole('button', { name: 'Avanti' }).click();
    await dialog.getByRole('textbox', { name: 'Regime fiscale' }).waitFor();
    expect(patches).toHaveLength(0);

    // Step 2, and back to step 1 with what was typed kept.
    await dialog.getByRole('button', { name: 'Indietro' }).click();
    expect(await dialog.getByLabel('Codice fiscale').inputValue()).toBe('RSSMRA85T10A56NH');
    await dialog.getByRole('button', { name: 'Avanti' }).click();
    await dialog.getByRole('switch', { name: 'Hai dipendenti' }).check();
    await saveViewportScreenshot(page, 'widgets-forced-step2-desktop');
    await dialog.getByRole('button', { name: 'Conferma' }).click();

    await dialog.waitFor({ state: 'hidden' });
    expect(patches).toHaveLength(1);
    expect(trpcInput(patches[0]!)).toEqual({
      user: { type: 'persona', name: PERSONA.name, surname: PERSONA.surname, cf: 'RSSMRA85T10A56NH', business: '', vat: '' },
      taxRegime: null,
      hasEmployee: true,
    });
    await page.getByText(MSG.profileUpdated).waitFor();

    const reloaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/trpc/profile.get');
    await page.reload();
    await reloaded;
    await page.getByRole('heading', { name: `${PERSONA.name} ${PERSONA.surname}` }).waitFor();
    await settle(page, 600);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('asks a company for its tax regime without sending anything, then saves it (phone)', async () => {
    const page = await suite.openPage('/accedi', PHONE);
    const patches = recordTrpcCalls(page, 'profile.update', 'POST');
    await logInThroughForm(page, suite.server.url, AZIENDA.email, PASSWORD);

    const dialog = forcedDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByLabel('Ragione sociale').inputValue()).toBe(AZIENDA.business);
    expect(await dialog.getByLabel('Partita IVA').inputValue()).toBe(AZIENDA.vat);
    await saveViewportScreenshot(page, 'widgets-forced-azienda-phone');
    await dialog.getByRole('button', { name: 'Avanti' }).click();

    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await dialog.getByText(MSG.taxRegimeRequired).waitFor();
    await settle(page);
    expect(patches).toHaveLength(0);
    await saveViewportScreenshot(page, 'widgets-forced-tax-regime-phone');

    await dialog.getByRole('textbox', { name: 'Regime fiscale' }).click();
    await page.getByRole('option', { name: 'Ordinario' }).click();
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(patches).toHaveLength(1);
    expect(trpcInput(patches[0]!)).toMatchObject({
      user: { type: 'azienda', business: AZIENDA.business, vat: AZIENDA.vat, cf: AZIENDA.cf },
      taxRegime: 'Ordinario',
      hasEmployee: false,
    });
  });

  it('lets the user leave the account from the dialog, and holds it again at the next login', async () => {
    const page = await suite.openPage('/accedi');
    await logInThroughForm(page, suite.server.url, LEAVER.email, PASSWORD);
    await forcedDialog(page).getByRole('button', { name: 'Esci dall’account' }).click();
    await page.waitForURL(`${suite.server.url}/accedi`);
    await logInThroughForm(page, suite.server.url, LEAVER.email, PASSWORD);
    await forcedDialog(page).waitFor();
  });
});
