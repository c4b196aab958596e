import { describe, expect, it } from 'vitest';
import { CodiceFiscale } from '../shared/validation/codice-fiscale';
import { hasBrowser, submittedDialog, useBrowserSuite } from './browser';
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
    await dialog.getByRole('textbox', { name: 'Codice fiscale', exact: true }).fill(GIULIA_CF.toLowerCase());
    // Issue 26 point 11: what the codice fiscale encodes fills the empty fields, the birthplace from the reference data.
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Luogo di nascita', exact: true }).inputValue()).toBe('Torino (TO)');
    expect(await dialog.getByRole('textbox', { name: 'Data di nascita', exact: true }).inputValue()).toBe('02/07/1990');
    expect(await dialog.getByRole('textbox', { name: 'Sesso', exact: true }).inputValue()).toBe('Femmina');
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
    await submittedDialog(dialog, page.getByText('Cliente creato.'));
    expect(await page.getByRole('row').nth(1).innerText()).toContain('Giulia Verdi');

    // The same codice fiscale again: the refusal links to the client already in the book.
    await page.getByRole('button', { name: 'Nuovo cliente' }).click();
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Giulia');
    await dialog.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Verdi');
    await dialog.getByRole('textbox', { name: 'Codice fiscale', exact: true }).fill(GIULIA_CF);
    await dialog.getByRole('button', { name: 'Crea cliente' }).click();
    await dialog.getByText("Nella tua rubrica c'è già Giulia Verdi con questo codice fiscale.").waitFor();
    await dialog.getByRole('link', { name: 'Apri la scheda del cliente' }).click();
    await page.waitForURL(/\/clienti\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Giulia Verdi' }).waitFor();
    await page.getByText('+39 333 111 2222').waitFor();

    await page.getByRole('button', { name: 'Modifica' }).click();
    await page.getByRole('textbox', { name: 'Telefono', exact: true }).fill('347 555 6666');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Cliente aggiornato.').waitFor();
    await page.getByText('+39 347 555 6666').waitFor();

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

const BOOK_SURNAMES = ['Rossi', 'Bianchi', 'Ferrari', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'Costa', 'Mancini'];
const BOOK_NAMES = ['Luca', 'Anna', 'Marco', 'Sara', 'Paolo', 'Elena'];

/**
 * A corner's book of 30: 26 persons named from the lists, one Gennaro Esposito each filter field finds alone, and
 * three companies (Officina Marelli Srl found alone by its name and partita IVA).
 */
const bookOf = (cornerId: string) => {
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
  const persons = Array.from({ length: 26 }, (_, i) => ({
    corner_id: cornerId,
    type: 'persona',
    name: BOOK_NAMES[i % BOOK_NAMES.length]!,
    surname: BOOK_SURNAMES[i % BOOK_SURNAMES.length]!,
    email: `cliente${i}@example.it`,
    phone: `+39347000${String(i).padStart(4, '0')}`,
    cf: `CLN${String(i).padStart(3, '0')}A80A01H501X`.slice(0, 16),
    created_at: at(i),
  }));
  return [
    ...persons,
    { corner_id: cornerId, type: 'persona', name: 'Gennaro', surname: 'Esposito', email: 'gennaro@vesuvio.it', phone: '+393339998877', cf: 'SPSGNR80A01F839U', created_at: at(26) },
    { corner_id: cornerId, type: 'azienda', business: 'Officina Marelli Srl', email: 'info@marelli.it', vat: '04567890123', created_at: at(27) },
    { corner_id: cornerId, type: 'azienda', business: 'Alfa Costruzioni Snc', email: 'info@alfa.it', vat: '01234560017', created_at: at(28) },
    { corner_id: cornerId, type: 'azienda', business: 'Beta Trasporti Spa', email: 'info@beta.it', vat: '09876543210', created_at: at(29) },
  ];
};

/** Issue 14: the server searches, filters and pages the book; the address keeps the list across reload and back. */
describe.skipIf(!hasBrowser)('clienti: searching and paging a book of 30', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const corner = await server.createUser(CORNER_PERSONA);
      await server.db.insertInto('clients').values(bookOf(corner.id)).execute();
    },
  });

  it('finds by each filter field and by free search, pages 25 or 50 at a time, and keeps it all in the address', async () => {
    const url = suite.server.url;
    const page = await suite.openPage('/accedi');
    await signIn(page, url, CORNER_PERSONA);
    await waitForShell(page);
    await page.goto(`${url}/clienti`);
    const count = (text: string) => page.getByText(text, { exact: true }).waitFor();
    const links = () => page.getByRole('table').getByRole('link').count();

    // 25 a page: two pages; 50 a page: one.
    await count('30 clienti');
    expect(await links()).toBe(25);
    await page.getByRole('button', { name: 'Pagina successiva' }).click();
    await page.waitForURL(/pagina=2/);
    await expect.poll(links).toBe(5);
    await page.getByRole('textbox', { name: 'Clienti per pagina' }).click();
    await page.getByRole('option', { name: '50 per pagina' }).click();
    await expect.poll(links).toBe(30);
    expect(page.url()).toContain('per=50');
    await expect.poll(() => page.getByRole('button', { name: 'Pagina successiva' }).count()).toBe(0);

    // The free search: every word, in any field.
    const search = page.getByRole('textbox', { name: 'Cerca', exact: true });
    await search.fill('marelli srl');
    await count('1 cliente');
    await page.getByRole('link', { name: 'Officina Marelli Srl' }).waitFor();
    await search.fill('');
    await count('30 clienti');

    // Each filter field alone finds its one client.
    await page.getByRole('button', { name: 'Filtri per campo' }).click();
    const fields: [label: string, text: string, found: string][] = [
      ['Cognome', 'espo', 'Gennaro Esposito'],
      ['Nome', 'GENN', 'Gennaro Esposito'],
      ['Ragione sociale', 'marelli', 'Officina Marelli Srl'],
      ['Codice fiscale', 'spsgnr80', 'Gennaro Esposito'],
      ['Partita IVA', '0456789', 'Officina Marelli Srl'],
      ['Email', 'vesuvio', 'Gennaro Esposito'],
      ['Telefono', '333 999', 'Gennaro Esposito'],
    ];
    for (const [label, text, found] of fields) {
      const field = page.getByRole('textbox', { name: label, exact: true });
      await field.fill(text);
      await count('1 cliente');
      await page.getByRole('table').getByRole('link', { name: found }).waitFor();
      await field.fill('');
      await count('30 clienti');
    }
    await page.getByRole('textbox', { name: 'Cognome', exact: true }).fill('ross');
    await count('2 clienti');
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('anna');
    await count('1 cliente');
    expect(page.url()).toMatch(/cognome=ross.*nome=anna|nome=anna.*cognome=ross/);

    // A filter nothing matches says so; a reload and the way back from a record keep the list as it was.
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nessuno');
    await page.getByRole('heading', { name: 'Nessun cliente corrisponde alla ricerca' }).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('');
    await count('1 cliente');
    await page.reload();
    await count('1 cliente');
    expect(await page.getByRole('textbox', { name: 'Cognome', exact: true }).inputValue()).toBe('ross');
    await page.getByRole('link', { name: 'Anna Rossi' }).click();
    await page.waitForURL(/\/clienti\/[0-9a-f-]{36}$/);
    await page.goBack();
    await count('1 cliente');
    expect(await page.getByRole('textbox', { name: 'Nome', exact: true }).inputValue()).toBe('anna');

    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await count('30 clienti');
    expect(await page.getByRole('textbox', { name: 'Cognome', exact: true }).inputValue()).toBe('');
  });
});
