import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { CodiceFiscale } from '../shared/validation/codice-fiscale';
import { hasBrowser, useBrowserSuite } from './browser';
import { CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

const GIULIA_CF = CodiceFiscale.compute({ name: 'Giulia', surname: 'Verdi', gender: 'F', day: 2, month: 7, year: 1990, birthplace: 'Torino', birthplaceProvincia: 'TO' });

const pdfFile = async (name: string) => {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Carta di identità');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
};

/** Issue 14: a corner keeps a client's documents on its record, exports its data (GDPR) and erases it. */
describe.skipIf(!hasBrowser)('clienti: documents and GDPR', () => {
  const ids = { giulia: '' };
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const corner = await server.createUser(CORNER_PERSONA);
      const [row] = await server.db
        .insertInto('clients')
        .values([{ corner_id: corner.id, type: 'persona', name: 'Giulia', surname: 'Verdi', cf: GIULIA_CF, email: 'giulia.verdi@example.it' }])
        .returning('id')
        .execute();
      ids.giulia = row!.id;
    },
  });

  it('uploads an identity document, exports the data as a zip and erases the client after confirmation', async () => {
    const url = suite.server.url;
    const page = await suite.openPage('/accedi');
    await signIn(page, url, CORNER_PERSONA);
    await waitForShell(page);
    await page.goto(`${url}/clienti/${ids.giulia}`);
    await page.getByRole('heading', { name: 'Giulia Verdi' }).waitFor();

    const identity = page.getByRole('region', { name: "Documento d'identità", exact: true });
    await identity.getByText('Nessun documento caricato.').waitFor();
    await page.getByLabel("Carica: Documento d'identità", { exact: true }).setInputFiles(await pdfFile('carta-giulia.pdf'));
    await identity.getByRole('listitem', { name: 'carta-giulia.pdf', exact: true }).waitFor();
    // The other sections stay empty.
    await page.getByRole('region', { name: 'Altro', exact: true }).getByText('Nessun documento caricato.').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta dati (GDPR)' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('dati-cliente-Verdi Giulia.zip');
    const zip = await readFile((await saved.path())!);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(zip.includes(Buffer.from('cliente.json'))).toBe(true);
    expect(zip.includes(Buffer.from('documenti/carta-giulia.pdf'))).toBe(true);

    await page.getByRole('button', { name: 'Cancella dati (GDPR)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancellare i dati del cliente?' });
    await dialog.getByText("L'operazione non si può annullare.").waitFor();
    await dialog.getByRole('button', { name: 'Cancella dati' }).click();
    await page.getByText('I dati del cliente sono stati cancellati.').waitFor();
    await page.waitForURL(`${url}/clienti`);
    await page.getByRole('link', { name: 'Giulia Verdi' }).waitFor({ state: 'detached' });
  });
});
