import { describe, expect, it } from 'vitest';
import { CodiceFiscale } from '../shared/validation/codice-fiscale';
import { hasBrowser, useBrowserSuite } from './browser';
import { CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

const cf = (name: string, surname: string, gender: 'M' | 'F', day: number, month: number, year: number) =>
  CodiceFiscale.compute({ name, surname, gender, day, month, year, birthplace: 'Milano', birthplaceProvincia: 'MI' });
const LUCA = cf('Luca', 'Ferraris', 'M', 3, 4, 1970);
const ELENA = cf('Elena', 'Baroni', 'F', 12, 8, 1985);
const BAD = cf('Piero', 'Sbagli', 'M', 1, 1, 1960);
const wrongCheck = (code: string) => code.slice(0, 15) + (code[15] === 'A' ? 'B' : 'A');

/** "Cell. personale" is no known header: the corner maps it to "Cellulare" by hand. */
const CSV = [
  'Nome;Cognome;Codice fiscale;Cell. personale',
  `Luca;Ferraris;${LUCA};347 123 4567`,
  `Elena;Baroni;${ELENA};333 765 4321`,
  `Piero;Sbagli;${wrongCheck(BAD)};320 000 1111`,
].join('\n');

/** Issue 14: a corner imports clients from a CSV through the preview with one column mapped by hand. */
describe.skipIf(!hasBrowser)('clienti: import from a file', () => {
  const suite = useBrowserSuite({ onReady: (server) => server.createUser(CORNER_PERSONA).then(() => undefined) });

  it('previews the file, maps a column, sees the error row, imports the valid rows and finds them in the list', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    await page.goto(`${suite.server.url}/clienti`);
    await page.getByRole('heading', { name: 'Nessun cliente' }).waitFor();

    await page.getByRole('button', { name: 'Importa', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa clienti da file' });
    await dialog.getByLabel('File da importare').setInputFiles({ name: 'clienti.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

    // The preview: the suggested mapping, the counts and the row in error, in Italian.
    const counts = dialog.getByTestId('import-counts');
    await counts.getByText('2 valide').waitFor();
    await counts.getByText('1 con errori').waitFor();
    const errorRow = dialog.getByTestId('import-rows').locator('tr[data-status="error"]');
    expect(await errorRow.innerText()).toContain('Codice fiscale non valido.');
    expect(await errorRow.innerText()).toContain('Piero Sbagli');
    expect(await dialog.getByLabel('Campo della colonna Codice fiscale').inputValue()).toBe('Codice fiscale');
    expect(await dialog.getByLabel('Campo della colonna Cell. personale').inputValue()).toBe('Non importare');

    // One column mapped by hand: the import waits for a new check.
    await dialog.getByLabel('Campo della colonna Cell. personale').click();
    await page.getByRole('option', { name: 'Cellulare', exact: true }).click();
    await dialog.getByText('Hai cambiato le colonne').waitFor();
    expect(await dialog.getByRole('button', { name: 'Importa 2 clienti' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Ricontrolla' }).click();
    await dialog.getByText('Hai cambiato le colonne').waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Campo della colonna Cell. personale').inputValue()).toBe('Cellulare');

    await dialog.getByRole('button', { name: 'Importa 2 clienti' }).click();
    const summary = dialog.getByTestId('import-summary');
    await summary.getByText('Importati 2 clienti.').waitFor();
    await dialog.getByRole('button', { name: 'Chiudi' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Luca Ferraris' }).waitFor();
    await page.getByRole('link', { name: 'Elena Baroni' }).waitFor();
    expect(await page.getByRole('link', { name: 'Piero Sbagli' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Luca Ferraris' }).click();
    await page.getByText('+39 347 123 4567').waitFor();
  });
});
