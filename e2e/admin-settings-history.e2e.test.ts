import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserSuite } from './browser';
import { ADMIN, signIn } from './shell-helpers';

/** Issue 28: a settings card's «Cronologia» shows who changed what, and «Ripristina» writes an old version back. */
describe.skipIf(!hasBrowser)('admin: cronologia delle impostazioni', () => {
  const suite = useBrowserSuite({ onReady: (server) => server.createUser(ADMIN).then(() => undefined) });

  it('lists a change with its author and restores the previous version after a confirmation', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/impostazioni`);
    const card = page.getByRole('region', { name: 'Conservazione dei dati (GDPR)' });
    const years = card.getByRole('textbox', { name: /^Pratiche e dati dei clienti/ });
    await expect.poll(() => years.inputValue()).toBe('5');
    await years.fill('6');
    await card.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Impostazioni salvate').first().waitFor();
    await years.fill('7');
    await card.getByRole('button', { name: 'Salva' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Salva' }).isDisabled()).toBe(true);

    await card.getByRole('button', { name: 'Cronologia' }).click();
    const drawer = page.getByRole('dialog', { name: /Cronologia · Conservazione dei dati/ });
    const second = drawer.getByRole('listitem', { name: 'Versione 2' });
    await second.getByText('6 → 7').waitFor();
    await drawer.getByRole('listitem', { name: 'Versione 1' }).getByText('(vuoto) → 6').waitFor();
    await drawer.getByRole('listitem', { name: 'Versione 1' }).getByRole('button', { name: 'Ripristina' }).click();
    await page.getByRole('dialog', { name: 'Ripristinare la versione 1?' }).getByRole('button', { name: 'Ripristina' }).click();
    await page.getByText('Versione 1 ripristinata.').waitFor();
    await drawer.getByRole('listitem', { name: 'Versione 3' }).getByText('Ripristino della versione 1').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => years.inputValue()).toBe('6');
  });
});
