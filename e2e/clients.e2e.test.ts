import { describe, expect, it } from 'vitest';
import { CodiceFiscale } from '../shared/validation/codice-fiscale';
import { hasBrowser, useBrowserSuite } from './browser';
import { CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

const GIULIA_CF = CodiceFiscale.compute({ name: 'Giulia', surname: 'Verdi', gender: 'F', day: 2, month: 7, year: 1990, birthplace: 'Torino', birthplaceProvincia: 'TO' });

/** Issue 14: a corner adds a client, finds it first in the book, opens, edits, annotates and deletes it. */
describe.skipIf(!hasBrowser)('clienti: the corner’s book', () => {
  const suite = useBrowserSuite({ onReady: (server) => server.createUser(CORNER_PERSONA).then(() => undefined) });

  it('creates a person, edits the phone, adds a note and deletes the client after a confirmation', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    await page.goto(`${suite.server.url}/clienti`);
    await page.getByRole('heading', { name: 'Nessun cliente' }).waitFor();

    await page.getByRole('button', { name: 'Nuovo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo cliente' });
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Giulia');
    await dialog.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Verdi');
    await dialog.getByRole('textbox', { name: 'Codice fiscale', exact: true }).fill(GIULIA_CF);
    await dialog.getByRole('textbox', { name: 'Luogo di nascita', exact: true }).fill('Torin');
    await page.getByRole('option', { name: 'Torino (TO)', exact: true }).click();
    // A birth date the codice fiscale does not agree with is a warning to confirm, not an error.
    await dialog.getByRole('textbox', { name: 'Data di nascita', exact: true }).fill('03/07/1990');
    await dialog.getByRole('textbox', { name: 'Data di nascita', exact: true }).press('Tab');
    await dialog.getByText('Confermo i dati inseriti').waitFor();
    await dialog.getByRole('textbox', { name: 'Data di nascita', exact: true }).fill('02/07/1990');
    await dialog.getByRole('textbox', { name: 'Data di nascita', exact: true }).press('Tab');
    await dialog.getByText('Confermo i dati inseriti').waitFor({ state: 'detached' });
    await dialog.getByRole('textbox', { name: 'Telefono', exact: true }).fill('333 111 2222');
    await dialog.getByRole('textbox', { name: 'Via', exact: true }).fill('Via Po');
    await dialog.getByRole('textbox', { name: 'Civico', exact: true }).fill('12');
    await dialog.getByRole('textbox', { name: 'Comune', exact: true }).fill('Torin');
    await page.getByRole('option', { name: 'Torino (TO)', exact: true }).click();
    expect(await dialog.getByRole('textbox', { name: 'Provincia', exact: true }).inputValue()).toBe('TO');
    await dialog.getByRole('textbox', { name: 'CAP', exact: true }).fill('10123');
    await dialog.getByRole('button', { name: 'Crea cliente' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Cliente creato.').waitFor();
    expect(await page.getByRole('row').nth(1).innerText()).toContain('Giulia Verdi');

    await page.getByRole('link', { name: 'Giulia Verdi' }).click();
    await page.waitForURL(/\/clienti\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Giulia Verdi' }).waitFor();
    await page.getByText('+393331112222').waitFor();

    await page.getByRole('button', { name: 'Modifica' }).click();
    await page.getByRole('textbox', { name: 'Telefono', exact: true }).fill('347 555 6666');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Cliente aggiornato.').waitFor();
    await page.getByText('+393475556666').waitFor();

    await page.getByRole('textbox', { name: 'Nuova nota', exact: true }).fill('Richiamare per il preventivo auto.');
    await page.getByRole('button', { name: 'Aggiungi nota' }).click();
    const note = page.getByRole('list', { name: 'Note del cliente' }).getByRole('listitem');
    await note.getByText('Richiamare per il preventivo auto.').waitFor();
    expect(await note.innerText()).toContain('Mario Rossi');

    await page.getByRole('button', { name: 'Elimina' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminare il cliente?' });
    await confirm.getByRole('button', { name: 'Elimina' }).click();
    await page.waitForURL(`${suite.server.url}/clienti`);
    await page.getByText('Cliente eliminato.').waitFor();
    await page.getByRole('heading', { name: 'Nessun cliente' }).waitFor();
  });
});
