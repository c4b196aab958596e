import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CodiceFiscale } from '../shared/validation/codice-fiscale';
import { hasBrowser, pickOption, submittedDialog, useBrowserSuite } from './browser';
import { ADMIN, CORNER_AZIENDA, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

const GIULIA_CF = CodiceFiscale.compute({ name: 'Giulia', surname: 'Verdi', gender: 'F', day: 2, month: 7, year: 1990, birthplace: 'Torino', birthplaceProvincia: 'TO' });
const PAOLO_CF = CodiceFiscale.compute({ name: 'Paolo', surname: 'Bianchi', gender: 'M', day: 9, month: 1, year: 1975, birthplace: 'Milano', birthplaceProvincia: 'MI' });
const TARGET = CORNER_AZIENDA.business;

const signedIn = async (page: Page, baseUrl: string, user: { email: string; password: string }, path: string) => {
  await signIn(page, baseUrl, user);
  await waitForShell(page);
  await page.goto(`${baseUrl}${path}`);
};

/**
 * Issue 14: an admin moves a corner's client to another corner with a reason; the corner, with its book and the
 * record open, sees it go without reloading, and the other corner finds it in its book.
 */
describe.skipIf(!hasBrowser)('clienti: an admin moves a client to another corner', () => {
  const ids = { giulia: '' };
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const corner = await server.createUser(CORNER_PERSONA);
      await server.createUser(CORNER_AZIENDA);
      await server.createUser(ADMIN);
      const rows = await server.db
        .insertInto('clients')
        .values([
          { corner_id: corner.id, type: 'persona', name: 'Giulia', surname: 'Verdi', cf: GIULIA_CF },
          { corner_id: corner.id, type: 'persona', name: 'Paolo', surname: 'Bianchi', cf: PAOLO_CF },
        ])
        .returning(['id', 'name'])
        .execute();
      ids.giulia = rows.find((row) => row.name === 'Giulia')!.id;
    },
  });

  it('the corner’s list and open record lose the client live; the other corner finds it', async () => {
    const url = suite.server.url;
    const corner = await suite.openPage('/accedi');
    await signedIn(corner, url, CORNER_PERSONA, '/clienti');
    await corner.getByRole('link', { name: 'Giulia Verdi' }).waitFor();
    const cornerRecord = await corner.context().newPage();
    await cornerRecord.goto(`${url}/clienti/${ids.giulia}`);
    await cornerRecord.getByRole('heading', { name: 'Giulia Verdi' }).waitFor();

    const admin = await suite.openPage('/accedi');
    await signedIn(admin, url, ADMIN, '/admin/clienti');
    await admin.getByRole('link', { name: 'Giulia Verdi' }).waitFor();
    await admin.getByRole('button', { name: 'Sposta Giulia Verdi a un altro corner' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Sposta a un altro corner' });
    await dialog.getByText(`è ora nella rubrica di ${CORNER_PERSONA.name} ${CORNER_PERSONA.surname}`).waitFor();

    // Nothing chosen, no reason: the Italian messages, and the dialog stays on its first step.
    await dialog.getByRole('button', { name: 'Avanti' }).click();
    await dialog.getByText('Scegli il corner di destinazione.').waitFor();
    await dialog.getByText('Scrivi il motivo dello spostamento (almeno 5 caratteri).').waitFor();

    await dialog.getByRole('textbox', { name: 'Nuovo corner' }).fill('Ferri');
    await pickOption(admin, dialog.getByRole('textbox', { name: 'Nuovo corner' }), TARGET);
    await dialog.getByRole('textbox', { name: 'Motivo dello spostamento' }).fill('La cliente si è trasferita a Milano.');
    await dialog.getByRole('button', { name: 'Avanti' }).click();
    const summary = await dialog.getByText('Spostare Giulia Verdi').innerText();
    expect(summary).toContain(`dal corner ${CORNER_PERSONA.name} ${CORNER_PERSONA.surname} al corner ${TARGET}`);
    await dialog.getByRole('button', { name: 'Sposta' }).click();
    await submittedDialog(dialog, admin.getByText(`Giulia Verdi è stato spostato nella rubrica di ${TARGET}.`));
    await admin.getByRole('row', { name: /Giulia Verdi/ }).getByText(TARGET).waitFor();

    // The corner's tabs follow without a reload.
    await corner.getByRole('link', { name: 'Giulia Verdi' }).waitFor({ state: 'detached' });
    await corner.getByRole('link', { name: 'Paolo Bianchi' }).waitFor();
    await cornerRecord.getByText('Questo cliente è stato eliminato o spostato da un altro utente.').waitFor();
    await cornerRecord.getByRole('link', { name: 'Torna ai clienti' }).click();
    await cornerRecord.waitForURL(`${url}/clienti`);

    // The record page offers the same move to the admin, and names the new corner.
    await admin.getByRole('link', { name: 'Giulia Verdi' }).click();
    await admin.getByText(`Corner: ${TARGET}`).waitFor();
    await admin.getByRole('button', { name: 'Sposta a un altro corner' }).waitFor();

    const other = await suite.openPage('/accedi');
    await signedIn(other, url, CORNER_AZIENDA, '/clienti');
    await other.getByRole('link', { name: 'Giulia Verdi' }).waitFor();
  });
});
