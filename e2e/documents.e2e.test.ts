import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, saveScreenshot, submittedDialog, useBrowserSuite } from './browser';
import { ADMIN, signIn, waitForShell } from './shell-helpers';
import { saveViewportScreenshot } from './widgets-helpers';

const PASSWORD = 'Corner12345';
const corner = (email: string, name: string) =>
  ({ email, password: PASSWORD, role: 'corner', type: 'persona', name, surname: 'Conti', cf: 'RSSMRA85T10A562S', phone: '3331112222' }) as const;
/** One corner per journey, so a journey never sees another's files. */
const UPLOADER = corner('paolo.conti@example.it', 'Paolo');
const VIEWER = corner('anna.conti@example.it', 'Anna');
const EDITOR = corner('luca.conti@example.it', 'Luca');
const SIGNER = corner('sara.conti@example.it', 'Sara');
const READER = corner('marta.conti@example.it', 'Marta');

/** A real PDF of `pages` pages; `padBytes` of random data ride along as an attachment to make it big. */
const makePdf = async (pages: number, padBytes = 0): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Pagina di prova ${index}`, { x: 60, y: 760, size: 32, font });
    page.drawRectangle({ x: 60, y: 200, width: 200 + index * 50, height: 300, borderWidth: 4 });
  }
  if (padBytes > 0) await doc.attach(randomBytes(padBytes), 'dati.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
};

const pdfFile = async (name: string, pages = 1, padBytes = 0) => ({ name, mimeType: 'application/pdf', buffer: await makePdf(pages, padBytes) });

const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });
const row = (scope: Page | Locator, name: string): Locator => scope.getByRole('listitem', { name, exact: true });

/** Uploads through a card's hidden input and waits until the file is listed in the card. */
const uploadTo = async (page: Page, title: string, files: { name: string; mimeType: string; buffer: Buffer }[]) => {
  await page.getByLabel(`Carica: ${title}`, { exact: true }).setInputFiles(files);
  for (const file of files) await row(card(page, title), file.name).waitFor();
};

describe.skipIf(!hasBrowser)('documents', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      for (const user of [ADMIN, UPLOADER, VIEWER, EDITOR, SIGNER, READER]) await server.createUser(user);
    },
  });

  const openDocuments = async (user: { email: string; password: string }, viewport?: typeof PHONE): Promise<Page> => {
    const page = await suite.openPage('/accedi', viewport);
    await signIn(page, suite.server.url, user);
    await waitForShell(page);
    await page.goto(`${suite.server.url}/documenti`);
    await page.getByRole('heading', { name: 'Altri documenti' }).waitFor();
    return page;
  };

  it('uploads a several-MB PDF with a 2 px progress bar, then lists it, also after a reload', async () => {
    const page = await openDocuments(UPLOADER, PHONE);
    await saveScreenshot(page, 'documents-phone-empty');
    const big = await pdfFile('carta-identita.pdf', 1, 8 * 1024 * 1024);
    // Slow the upload down (about 4 MB/s) so the bar is on screen long enough to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 4 * 1024 * 1024 });
    const seen: number[] = [];

    await page.getByLabel('Carica: Documento d’identità', { exact: true }).setInputFiles(big);
    const bar = card(page, 'Documento d’identità').getByRole('progressbar', { name: 'Caricamento del documento' });
    await bar.waitFor();
    expect(await bar.evaluate((element) => element.parentElement!.getBoundingClientRect().height)).toBe(2);
    await saveScreenshot(page, 'documents-phone-uploading');
    for (let poll = 0; poll < 40 && (await bar.isVisible()); poll += 1) {
      seen.push(Number((await bar.getAttribute('aria-valuenow').catch(() => null)) ?? 0));
      await page.waitForTimeout(100);
    }
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await row(card(page, 'Documento d’identità'), 'carta-identita.pdf').waitFor();
    await bar.waitFor({ state: 'detached' });
    // The bar moved between empty and full while the bytes went up.
    expect(seen.some((value) => value > 0 && value < 100), `progress seen: ${seen.join(',')}`).toBe(true);
    expect(await card(page, 'Documento d’identità').getByText('8 MB', { exact: false }).isVisible()).toBe(true);

    await page.reload();
    await row(card(page, 'Documento d’identità'), 'carta-identita.pdf').waitFor();
    await saveScreenshot(page, 'documents-phone-uploaded');
  });

  it('shows a 3-page PDF page by page in the overlay, and closes it with the back button and with Esc', async () => {
    const page = await openDocuments(VIEWER);
    await uploadTo(page, 'Tessera del codice fiscale', [await pdfFile('tessera.pdf', 3)]);
    const url = page.url();

    await row(page, 'tessera.pdf').getByRole('button', { name: 'Anteprima di tessera.pdf' }).click();
    const viewer = page.getByTestId('file-viewer');
    await viewer.getByText('Pagina 1 di 3').waitFor();
    const canvas = viewer.locator('canvas').first();
    await canvas.waitFor();
    await viewer.getByRole('button', { name: 'Pagina successiva' }).click();
    await viewer.getByText('Pagina 2 di 3').waitFor();
    // The second page was drawn: a canvas with size and ink on it.
    await page.waitForFunction(() => {
      const drawn = document.querySelector<HTMLCanvasElement>('[data-testid="file-viewer"] .react-pdf__Page[data-page-number="2"] canvas');
      if (!drawn || drawn.width === 0) return false;
      const pixels = drawn.getContext('2d')!.getImageData(0, 0, drawn.width, drawn.height).data;
      for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! < 128) return true;
      return false;
    });
    await viewer.getByText('Pagina di prova 2').first().waitFor({ state: 'attached' });
    expect(await viewer.getByRole('button', { name: 'Pagina precedente' }).isEnabled()).toBe(true);
    await viewer.getByRole('button', { name: 'Pagina successiva' }).click();
    await viewer.getByText('Pagina 3 di 3').waitFor();
    expect(await viewer.getByRole('button', { name: 'Pagina successiva' }).isDisabled()).toBe(true);
    await saveViewportScreenshot(page, 'documents-viewer-desktop');

    // The worker came from the fixed static path.
    const worker = await page.request.get(`${suite.server.url}/pdf.worker.min.mjs`);
    expect(worker.status()).toBe(200);

    await page.goBack();
    await viewer.waitFor({ state: 'detached' });
    expect(page.url()).toBe(url);
    await page.getByRole('heading', { name: 'Altri documenti' }).waitFor();

    await row(page, 'tessera.pdf').getByRole('button', { name: 'Anteprima di tessera.pdf' }).click();
    await viewer.getByText('Pagina 1 di 3').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(page.url()).toBe(url);
  });

  it('downloads all the files of a card as one zip through a hidden frame removed after 3 s', async () => {
    const page = await openDocuments(VIEWER);
    const rui = card(page, 'Iscrizione al RUI');
    await uploadTo(page, 'Iscrizione al RUI', [await pdfFile('visura.pdf'), await pdfFile('ricevuta.pdf')]);

    const zipAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/docs/download' && response.request().resourceType() === 'document');
    const download = page.waitForEvent('download');
    await rui.getByRole('button', { name: 'Scarica tutti' }).click();
    const response = await zipAnswer;
    const params = new URL(response.url()).searchParams;
    expect(params.get('zipName')).toBe('iscrizione-rui');
    expect([params.get('name_0'), params.get('name_1')].sort()).toEqual(['ricevuta.pdf', 'visura.pdf']);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/zip');
    expect((await download).suggestedFilename()).toBe('iscrizione-rui.zip');
    expect(await page.locator('iframe[data-download]').count()).toBe(1);
    await page.locator('iframe[data-download]').waitFor({ state: 'detached', timeout: 5000 });
  });

  it('says "Failed to download file:" when a download is refused', async () => {
    const page = await openDocuments(VIEWER);
    await page.route('**/api/docs/download?**', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'File non trovato.', type: 'default' }) }));
    await row(page, 'tessera.pdf').getByRole('button', { name: 'Scarica tessera.pdf' }).click();
    await page.getByText('Failed to download file: Not Found').waitFor();
    await page.getByText('File non trovato.').waitFor();
    expect(await page.locator('iframe[data-download]').count()).toBe(0);
  });

  it('renames a file with the "Modifica nome file" editor (Enter saves) and keeps the name after a reload', async () => {
    const page = await openDocuments(EDITOR);
    await uploadTo(page, 'Documento d’identità', [await pdfFile('scansione.pdf')]);
    await row(page, 'scansione.pdf').getByRole('button', { name: 'Rinomina scansione.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica nome file' });
    const input = dialog.getByRole('textbox', { name: 'Nome del file' });
    await input.fill('a/b.pdf');
    await input.press('Enter');
    await dialog.getByText('Il nome del file non può contenere').waitFor();
    await input.fill('Carta identità Luca.pdf');
    await input.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Carta identità Luca.pdf').waitFor();
    await page.reload();
    await row(page, 'Carta identità Luca.pdf').waitFor();
    expect(await row(page, 'scansione.pdf').count()).toBe(0);

    // Esc cancels without a call.
    await row(page, 'Carta identità Luca.pdf').getByRole('button', { name: 'Rinomina Carta identità Luca.pdf' }).click();
    await dialog.getByRole('textbox', { name: 'Nome del file' }).fill('Altro nome.pdf');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, 'Carta identità Luca.pdf').isVisible()).toBe(true);
  });

  it('deletes a file after the confirmation, and it stays gone after a reload', async () => {
    const page = await openDocuments(EDITOR);
    await uploadTo(page, 'Tessera del codice fiscale', [await pdfFile('da-eliminare.pdf')]);
    await row(page, 'da-eliminare.pdf').getByRole('button', { name: 'Elimina da-eliminare.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminare il file?' });
    await confirm.getByText('«da-eliminare.pdf» verrà eliminato definitivamente.').waitFor();
    await confirm.getByRole('button', { name: 'Elimina' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(page, 'da-eliminare.pdf').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Altri documenti' }).waitFor();
    await card(page, 'Tessera del codice fiscale').getByText('Da caricare').waitFor();
    expect(await row(page, 'da-eliminare.pdf').count()).toBe(0);
  });

  it('replaces a profile document: the new file is listed and the old one deleted', async () => {
    const page = await openDocuments(EDITOR);
    await page.getByLabel('Sostituisci: Documento d’identità', { exact: true }).setInputFiles(await pdfFile('nuova-carta.pdf'));
    await row(page, 'nuova-carta.pdf').waitFor();
    await row(page, 'Carta identità Luca.pdf').waitFor({ state: 'detached' });
  });

  it('reads the contract before any code is sent, then signs it with the code sent by e-mail', async () => {
    const page = await openDocuments(SIGNER, PHONE);
    const contract = page.getByRole('region', { name: 'Contratto di collaborazione' });
    await contract.getByText('Da firmare').waitFor();
    const signerMails = async () => (await suite.server.readMails()).filter((item) => item.to.includes(SIGNER.email));

    // The contract opens in the viewer, with the corner's data, and nothing has been sent yet.
    await saveScreenshot(page, 'documents-contract-card-phone');
    await contract.getByRole('button', { name: 'Leggi il contratto' }).click();
    const viewer = page.getByTestId('file-viewer');
    await viewer.getByText(/^Pagina 1 di \d+$/).waitFor();
    await viewer.getByText(/Sara Conti/).first().waitFor({ state: 'attached' });
    await saveViewportScreenshot(page, 'documents-contract-preview-phone');
    await viewer.getByRole('button', { name: 'Chiudi' }).click();
    await viewer.waitFor({ state: 'detached' });
    const saved = page.waitForEvent('download');
    await contract.getByRole('button', { name: 'Scarica il contratto' }).click();
    expect((await saved).suggestedFilename()).toBe('Contratto di collaborazione.pdf');
    expect((await readFile((await (await saved).path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await signerMails()).toEqual([]);
    await contract.getByText('Da firmare').waitFor();

    // The signing dialog links to the same contract; closing it comes back to the dialog.
    await contract.getByRole('button', { name: 'Firma con OTP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Firma il contratto con OTP' });
    await dialog.getByRole('button', { name: 'contratto di collaborazione' }).click();
    await viewer.getByText(/^Pagina 1 di \d+$/).waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await signerMails()).toEqual([]);
    await dialog.getByRole('button', { name: 'Invia codice' }).click();
    await dialog.getByText('s***@example.it').waitFor();
    await dialog.getByText(/Scade tra \d+:\d\d/).waitFor();
    expect(await dialog.getByRole('button', { name: /Invia di nuovo tra/ }).isDisabled()).toBe(true);
    // The "code sent" toast rises from the bottom: it stays below the dialog's close button, whatever the dialog's height.
    const toastBox = (await page.locator('.mantine-Notification-root').first().boundingBox())!;
    const closeBox = (await dialog.getByRole('button', { name: 'Chiudi' }).boundingBox())!;
    expect(toastBox.y, `toast ${JSON.stringify(toastBox)}, close ${JSON.stringify(closeBox)}`).toBeGreaterThanOrEqual(closeBox.y + closeBox.height);
    await saveViewportScreenshot(page, 'documents-otp-phone');

    const mails = await suite.server.readMails();
    const mail = mails.filter((item) => item.to.includes(SIGNER.email)).at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
    expect(code, 'the code in the e-mail').toMatch(/^\d{6}$/);

    // A wrong code is refused with the server's message.
    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByRole('textbox', { name: 'Cifra 1 di 6 del codice' }).click();
    await page.keyboard.type(wrong);
    await dialog.getByRole('button', { name: 'Firma', exact: true }).click();
    await dialog.getByText('Codice errato: ti restano 4 tentativi.').waitFor();

    await dialog.getByRole('textbox', { name: 'Cifra 1 di 6 del codice' }).click();
    await page.keyboard.type(code!);
    await dialog.getByRole('button', { name: 'Firma', exact: true }).click();
    await submittedDialog(dialog, page.getByText('Contratto firmato.'));
    await contract.getByText('Firmato', { exact: true }).waitFor();
    await row(contract, 'Contratto di collaborazione firmato').waitFor();
    expect(await contract.getByRole('button', { name: 'Firma con OTP' }).count()).toBe(0);
    await page.reload();
    await contract.getByText('Firmato', { exact: true }).waitFor();
    await saveScreenshot(page, 'documents-signed-phone');
  });

  it('lets an admin publish a document to the corners, who find it under "Altri documenti"', async () => {
    const admin = await suite.openPage('/accedi', PHONE);
    await signIn(admin, suite.server.url, ADMIN);
    await waitForShell(admin);
    await admin.goto(`${suite.server.url}/admin/documenti`);
    await admin.getByRole('heading', { name: 'Pubblica documenti' }).waitFor();
    await admin.getByText('Ruoli', { exact: true }).click();
    await admin.getByRole('checkbox', { name: 'Corner' }).check();
    await admin.getByLabel('File da pubblicare', { exact: true }).setInputFiles(await pdfFile('listino-2026.pdf', 2));
    await admin.getByRole('list', { name: 'File scelti' }).getByText('listino-2026.pdf').waitFor();
    await admin.getByRole('button', { name: 'Pubblica' }).click();
    const published = row(admin.getByRole('list', { name: 'Documenti pubblicati' }), 'listino-2026.pdf');
    await published.waitFor();
    expect(await published.getByTestId('doc-audience').innerText()).toBe('Ruoli: Corner');
    await saveScreenshot(admin, 'admin-documents-phone');

    // Search by name.
    await admin.getByRole('textbox', { name: 'Cerca documenti' }).fill('nessuno-si-chiama-cosi');
    await admin.getByText('Nessun documento trovato').waitFor();
    await admin.getByRole('textbox', { name: 'Cerca documenti' }).fill('listino');
    await published.waitFor();
    await admin.context().close();

    const page = await openDocuments(READER);
    const others = card(page, 'Altri documenti');
    await row(others, 'listino-2026.pdf').waitFor();
    // Published by the platform: the corner may read it, not rename or delete it.
    expect(await row(others, 'listino-2026.pdf').getByRole('button', { name: 'Elimina listino-2026.pdf' }).count()).toBe(0);
    expect(await row(others, 'listino-2026.pdf').getByRole('button', { name: 'Rinomina listino-2026.pdf' }).count()).toBe(0);
    await row(others, 'listino-2026.pdf').getByRole('button', { name: 'Anteprima di listino-2026.pdf' }).click();
    await page.getByTestId('file-viewer').getByText('Pagina 1 di 2').waitFor();
  });
});
