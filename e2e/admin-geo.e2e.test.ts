import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserSuite } from './browser';
import { ADMIN, signIn, waitForShell } from './shell-helpers';

/** Issue 14: the admin page of the Italian reference data lists, searches and edits comuni; the retention settings. */
describe.skipIf(!hasBrowser)('admin: province e città', () => {
  const suite = useBrowserSuite({ onReady: (server) => server.createUser(ADMIN).then(() => undefined) });

  it('finds a comune by typing, edits its CAPs and shows them saved after a reload', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await waitForShell(page);
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Province e città' }).click();
    await page.waitForURL(`${suite.server.url}/admin/provincie-citta`);
    await page.getByRole('cell', { name: 'Abano Terme', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Modifica / }).count()).toBe(25);

    await page.getByLabel('Cerca').fill('airasc');
    await page.getByRole('cell', { name: 'Airasca', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Modifica / }).count()).toBe(1);
    await page.getByRole('cell', { name: 'Torino (TO)' }).waitFor();

    await page.getByRole('button', { name: 'Modifica Airasca' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica Airasca (TO)' });
    const caps = dialog.getByRole('textbox', { name: 'CAP' });
    // A bad CAP is refused in the dialog, with the shared message, and nothing is sent.
    await caps.fill('1006');
    await caps.press('Tab');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByText('CAP non valido: sono 5 cifre.').waitFor();
    await caps.press('Backspace');
    await caps.fill('10061');
    await caps.press('Tab');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '10060, 10061' }).waitFor();

    await page.reload();
    await page.getByLabel('Cerca').fill('airasca');
    await page.getByRole('cell', { name: '10060, 10061' }).waitFor();
  });

  it('merges a comune into another picked by typing, after a confirmation', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/provincie-citta`);
    await page.getByLabel('Cerca').fill('agliè');
    await page.getByRole('button', { name: 'Modifica Agliè' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica Agliè (TO)' });
    await dialog.getByRole('textbox', { name: 'Unito al comune' }).fill('airasc');
    await page.getByRole('option', { name: 'Airasca (TO)' }).click();
    await dialog.getByRole('button', { name: 'Salva' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unire il comune?' });
    await confirm.getByText('Agliè (TO) sarà unito a Airasca (TO)').waitFor();
    await confirm.getByRole('button', { name: 'Unisci' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Agliè/ }).getByText('Unito').waitFor();
  });

  it('changes how long client data is held on /admin/impostazioni, refusing less than the law asks', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/impostazioni`);
    const years = page.getByRole('textbox', { name: /^Pratiche e dati dei clienti/ });
    // The retention card's own button: the page has one per card.
    const save = page.getByRole('region', { name: 'Conservazione dei dati (GDPR)' }).getByRole('button', { name: 'Salva', exact: true });
    await expect.poll(() => years.inputValue()).toBe('5');
    expect(await save.isDisabled()).toBe(true);
    await years.fill('4');
    await page.getByText('I dati delle pratiche vanno conservati per almeno 5 anni').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await years.fill('6');
    await save.click();
    await page.getByText('Impostazioni salvate').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await page.reload();
    await expect.poll(() => years.inputValue()).toBe('6');
  });
});
