import { describe, expect, it } from 'vitest';
import { hasBrowser, saveScreenshot, useBrowserSuite } from './browser';
import { openAs, pdf } from './practices-helpers';
import { ADMIN, CORNER_PERSONA } from './shell-helpers';

const PANDA = 'Premio RC Auto Fiat Panda AB123CD';
const HOME = 'Premio Casa e famiglia Via Dante 7';

/**
 * Issue 27, payments the corner owes: the corner declares two payments paid with one receipt, the admin rejects it
 * with a reason, the corner reads it and declares again, the admin confirms, the corner sees them paid.
 */
describe.skipIf(!hasBrowser)('payments: declared with a receipt, rejected, declared again, confirmed', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const corner = await server.createUser(CORNER_PERSONA);
      await server.createUser(ADMIN);
      await server.db
        .insertInto('payments')
        .values([
          { corner_id: corner.id, description: PANDA, amount_cents: 48_000, status: 'notPaied' },
          { corner_id: corner.id, description: HOME, amount_cents: 29_550, status: 'notPaied' },
        ])
        .execute();
    },
  });

  it('the corner declares, the admin rejects with a reason, the corner declares again, the admin confirms', async () => {
    const errors: string[] = [];
    const corner = await openAs(suite, CORNER_PERSONA);
    corner.on('pageerror', (error) => errors.push(`corner: ${error.message}`));
    await corner.goto(`${suite.server.url}/pagamenti`);
    await corner.getByRole('heading', { name: 'Pagamenti', exact: true }).waitFor();

    // Both payments with one transfer.
    await corner.getByRole('checkbox', { name: 'Seleziona tutti i pagamenti' }).check();
    await corner.getByText('2 selezionati: 775,50').waitFor();
    await corner.getByRole('button', { name: 'Ho pagato' }).click();
    const dialog = corner.getByRole('dialog', { name: 'Dichiara il pagamento' });
    await dialog.getByRole('button', { name: 'Dichiara pagato' }).click();
    await dialog.getByText('Allega la ricevuta del bonifico').waitFor();
    await dialog.getByLabel('Ricevuta del bonifico').setInputFiles(await pdf('bonifico.pdf', 'Bonifico SEPA 775,50 euro'));
    await dialog.getByText('Ricevuta allegata').waitFor();
    await dialog.getByRole('button', { name: 'Dichiara pagato' }).click();
    await corner.getByText('2 pagamenti dichiarati').waitFor();
    await corner.getByRole('tab', { name: /In attesa/ }).click();
    await corner.getByText(PANDA).waitFor();

    // The admin opens the receipts to confirm and rejects one.
    const admin = await openAs(suite, ADMIN);
    admin.on('pageerror', (error) => errors.push(`admin: ${error.message}`));
    await admin.goto(`${suite.server.url}/admin/pagamenti`);
    const pending = admin.getByRole('table', { name: 'Pagamenti: Da confermare' });
    await pending.getByText(PANDA).waitFor();
    await pending.getByRole('link', { name: 'Apri la ricevuta' }).first().waitFor();
    await pending.getByRole('button', { name: `Respingi ${PANDA} di Mario Rossi` }).click();
    const reject = admin.getByRole('dialog', { name: 'Respingi la ricevuta' });
    await reject.getByRole('textbox', { name: 'Motivo' }).fill('Sulla ricevuta manca il numero di CRO.');
    await reject.getByRole('button', { name: 'Respingi' }).click();
    await admin.getByText('Ricevuta respinta').waitFor();
    await saveScreenshot(admin, 'payments-admin-pending');

    // The corner reads why and declares it again.
    await corner.reload();
    await corner.getByText('Ricevuta non accettata: Sulla ricevuta manca il numero di CRO.').waitFor();
    await corner.getByRole('checkbox', { name: `Seleziona ${PANDA}` }).check();
    await corner.getByRole('button', { name: 'Ho pagato' }).click();
    await dialog.getByLabel('Ricevuta del bonifico').setInputFiles(await pdf('bonifico-cro.pdf', 'Bonifico SEPA 480 euro CRO 1234567890'));
    await dialog.getByText('Ricevuta allegata').waitFor();
    await dialog.getByRole('button', { name: 'Dichiara pagato' }).click();
    await corner.getByText('Pagamento dichiarato').waitFor();

    // The admin confirms both.
    await admin.reload();
    for (const description of [PANDA, HOME]) {
      await pending.getByRole('button', { name: `Conferma ${description} di Mario Rossi` }).click();
      await admin.getByText('Pagamento confermato.').first().waitFor();
      await pending.getByText(description).waitFor({ state: 'detached' });
    }
    await admin.getByText('Nessun pagamento «da confermare»').waitFor();

    // The corner sees them paid.
    await corner.reload();
    await corner.getByRole('tab', { name: /Pagati/ }).click();
    await corner.getByText(PANDA).waitFor();
    await corner.getByText(HOME).waitFor();
    expect(errors).toEqual([]);
  }, 240_000);
});
