import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserSuite } from './browser';
import { ADMIN, signIn } from './shell-helpers';

/** Issue 15: the RC Auto settings card on /admin/impostazioni (commission, documents, renewal), checked and saved. */
describe.skipIf(!hasBrowser)('admin: impostazioni RC Auto', () => {
  const suite = useBrowserSuite({ onReady: (server) => server.createUser(ADMIN).then(() => undefined) });

  it('shows the defaults, refuses a wrong value on its field, saves and keeps the changes after a reload', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/impostazioni`);
    const card = page.getByRole('region', { name: 'RC Auto' });
    const percent = card.getByRole('textbox', { name: 'Percentuale del premio annuo' });
    const reminder = card.getByRole('textbox', { name: /^Promemoria al corner/ });
    const save = card.getByRole('button', { name: 'Salva impostazioni RC Auto' });
    await expect.poll(() => percent.inputValue()).toBe('10 %');
    await expect.poll(() => reminder.inputValue()).toBe('30');
    await expect.poll(() => card.getByRole('textbox', { name: 'Codice' }).count()).toBe(5);
    expect(await save.isDisabled()).toBe(true);

    await reminder.fill('0');
    await card.getByText('Indica un numero intero di giorni, da 1 a 120.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await reminder.fill('45');
    await percent.fill('12,5');
    await card.getByText(/Su un premio di 500,00\s€ la provvigione è 62,50\s€/).waitFor();
    await card.getByRole('button', { name: 'Aggiungi documento' }).click();
    await card.getByRole('textbox', { name: 'Codice' }).nth(5).fill('visura');
    await card.getByRole('textbox', { name: 'Nome del documento' }).nth(5).fill('Visura camerale');
    await save.click();
    await page.getByText('Impostazioni RC Auto salvate').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    await page.reload();
    await expect.poll(() => reminder.inputValue()).toBe('45');
    await expect.poll(() => percent.inputValue()).toBe('12,5 %');
    await expect.poll(() => card.getByRole('textbox', { name: 'Nome del documento' }).nth(5).inputValue()).toBe('Visura camerale');
  });
});
