import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { TUserFixture } from '../server/testing/fixtures';
import { platformCompany } from '../server/modules/payouts/documents/payout-documents.fixtures';
import { hasBrowser, saveScreenshot, useBrowserSuite } from './browser';
import { openAs } from './practices-helpers';
import { ADMIN } from './shell-helpers';

const COMPANY_CORNER = {
  email: 'paolo.conti@example.it',
  password: 'Corner12345',
  role: 'corner',
  type: 'azienda',
  name: 'Paolo',
  surname: 'Conti',
  business: 'Conti Intermediazioni Srl',
  vat: '07458210155',
  cf: '07458210155',
  taxRegime: 'Ordinario',
  phone: '0291234567',
} satisfies TUserFixture;

/**
 * Issue 27, payouts: the admin credits a company corner's ledger with a correction; the corner saves its billing
 * data, asks a payout by invoice and downloads the FatturaPA XML; the admin pays it by transfer; the corner sees it paid.
 */
describe.skipIf(!hasBrowser)('payouts: a company corner is paid against its invoice', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser(COMPANY_CORNER);
      await server.createUser(ADMIN);
    },
  });

  it('credited by a correction, asks a payout by invoice, downloads the XML, and is paid by transfer', async () => {
    const errors: string[] = [];
    const admin = await openAs(suite, ADMIN);
    admin.on('pageerror', (error) => errors.push(`admin: ${error.message}`));

    // The platform's company data, printed as the buyer of the invoice.
    const saved = await admin.request.put(`${suite.server.url}/api/admin/payouts/company`, { data: platformCompany });
    expect(saved.status(), await saved.text()).toBe(200);

    // The admin credits the corner 1.000,00 € with a correction, confirmed on a second step.
    await admin.goto(`${suite.server.url}/admin/pagamenti`);
    await admin.getByRole('tab', { name: 'Pagamenti ai corner' }).click();
    await admin.getByText('Nessun pagamento ai corner').waitFor();
    await admin.getByRole('button', { name: 'Rettifica' }).click();
    const correction = admin.getByRole('dialog', { name: 'Rettifica' });
    await correction.getByRole('textbox', { name: 'Corner' }).fill('Conti');
    await admin.getByRole('option', { name: /paolo\.conti@example\.it/ }).click();
    await correction.getByRole('textbox', { name: 'Importo (€)' }).fill('1000');
    await correction.getByRole('textbox', { name: 'Motivo' }).fill('Provvigioni di ottobre non registrate');
    await correction.getByRole('button', { name: 'Avanti' }).click();
    await correction.getByText('Accrediti').waitFor();
    await correction.getByText('1.000,00 €').waitFor();
    await correction.getByRole('button', { name: 'Registra la rettifica' }).click();
    await admin.getByText('Rettifica registrata.').waitFor();

    // The corner sees the credit, saves its billing data and asks the whole of it by invoice.
    const corner = await openAs(suite, COMPANY_CORNER);
    corner.on('pageerror', (error) => errors.push(`corner: ${error.message}`));
    await corner.goto(`${suite.server.url}/pagamenti`);
    const ledger = corner.getByRole('table', { name: 'Registro delle provvigioni' });
    await ledger.getByText('Provvigioni di ottobre non registrate').waitFor();
    await ledger.getByText('+1.000,00 €').waitFor();
    await corner.getByRole('button', { name: 'Chiedi un pagamento' }).click();
    const ask = corner.getByRole('dialog', { name: 'Chiedi un pagamento' });
    await expect.poll(() => ask.getByRole('textbox', { name: 'Importo (€)' }).inputValue()).toBe('1.000,00');
    const preview = ask.getByRole('table', { name: 'Anteprima del pagamento' });
    await preview.getByText('-115,00 €').waitFor();
    await preview.getByText('885,00 €').waitFor();
    await ask.getByRole('textbox', { name: 'Indirizzo' }).fill('Via Torino 21');
    await ask.getByRole('textbox', { name: 'CAP' }).fill('20123');
    await ask.getByRole('textbox', { name: 'Comune' }).fill('Milano');
    await ask.getByRole('textbox', { name: 'Provincia' }).fill('mi');
    await ask.getByRole('textbox', { name: 'IBAN' }).fill('IT60 X054 2811 1010 0000 0123 456');
    await ask.getByRole('button', { name: 'Chiedi il pagamento' }).click();
    await ask.waitFor({ state: 'detached' });
    const payouts = corner.getByRole('table', { name: 'Pagamenti a te' });
    await payouts.getByText('Da pagare').waitFor();

    // Its invoice, as FatturaPA XML.
    const [download] = await Promise.all([corner.waitForEvent('download'), payouts.getByRole('link', { name: /Scarica la fattura/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xml$/);
    const xml = await fs.readFile(await download.path(), 'utf8');
    expect(xml).toContain('<FatturaElettronica');
    expect(xml).toContain('07458210155');

    // The admin pays it by transfer.
    await admin.reload();
    await admin.getByRole('tab', { name: 'Pagamenti ai corner', selected: true }).waitFor();
    const toPay = admin.getByRole('table', { name: 'Pagamenti ai corner' });
    await toPay.getByText('Conti Intermediazioni Srl').waitFor();
    await toPay.getByRole('button', { name: /^Paga / }).click();
    const pay = admin.getByRole('dialog', { name: 'Paga il corner' });
    await pay.getByText('885,00 €').waitFor();
    await pay.getByRole('textbox', { name: 'Riferimento (CRO/TRN)' }).fill('TRN0001234567');
    await pay.getByRole('button', { name: 'Registra il pagamento' }).click();
    await admin.getByText('Pagamento registrato').waitFor();
    await admin.getByText('Nessun pagamento ai corner').waitFor();
    await saveScreenshot(admin, 'payouts-admin');

    // The corner sees it paid.
    await corner.reload();
    await payouts.getByText('Pagato', { exact: true }).waitFor();
    await saveScreenshot(corner, 'payouts-corner');
    expect(errors).toEqual([]);
  }, 240_000);
});
