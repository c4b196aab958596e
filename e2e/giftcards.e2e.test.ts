import { describe, expect, it } from 'vitest';
import { hasBrowser, saveScreenshot, useBrowserSuite } from './browser';
import { openAs } from './practices-helpers';
import { ADMIN, CORNER_PERSONA } from './shell-helpers';

const BOLOGNA = '037006';
const CARD = 'Libreria Rossi – Bologna';

/**
 * Issue 27, the gift card catalogue: the admin creates a category and a municipal card of the person corner's comune;
 * the corner filters the catalogue by that category, chooses the card and finds it as its choice after a reload;
 * then asks a payout in that card, the admin pays it with a code, the corner sees the card and its new balance.
 */
describe.skipIf(!hasBrowser)('gift cards: the admin adds a shop of the corner’s comune, the corner chooses it', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const corner = await server.createUser(CORNER_PERSONA);
      await server.createUser(ADMIN);
      const shopping = await server.db.insertInto('giftcard_categories').values({ name: 'Shopping' }).returning('id').executeTakeFirstOrThrow();
      await server.db.insertInto('giftcard_catalogue').values({ kind: 'national', category_id: shopping.id, name: 'Amazon', comune_istat: null, image_url: null, denominations: [2_500, 5_000] }).execute();
      await server.db.insertInto('giftcard_choices').values({ corner_id: corner.id, comune_istat: BOLOGNA }).execute();
      // 100,00 € earned, available for a payout.
      await server.db.insertInto('ledger_entries').values({ corner_id: corner.id, kind: 'correction', amount_cents: 10_000, description: 'Provvigioni di ottobre' }).execute();
    },
  });

  it('the admin creates the category and the card, the corner filters, chooses it and sees it after a reload', async () => {
    const errors: string[] = [];
    const admin = await openAs(suite, ADMIN);
    admin.on('pageerror', (error) => errors.push(`admin: ${error.message}`));
    await admin.goto(`${suite.server.url}/admin/gift-card/categorie`);
    await admin.getByRole('heading', { name: 'Gift Card · Categorie' }).waitFor();
    await admin.getByRole('button', { name: 'Nuova categoria' }).click();
    const category = admin.getByRole('dialog', { name: 'Nuova categoria' });
    await category.getByRole('textbox', { name: 'Nome' }).fill('Libri');
    await category.getByRole('button', { name: 'Salva' }).click();
    await admin.getByRole('table', { name: 'Categorie di gift card' }).getByText('Libri').waitFor();

    await admin.goto(`${suite.server.url}/admin/gift-card/comunali`);
    await admin.getByText('Nessuna gift card comunale').waitFor();
    await admin.getByRole('button', { name: 'Nuova gift card' }).click();
    const card = admin.getByRole('dialog', { name: 'Nuova gift card comunale' });
    // Saving an empty form shows what is missing and saves nothing.
    await card.getByRole('button', { name: 'Salva' }).click();
    await card.getByText('Indica almeno un taglio.').waitFor();
    await card.getByRole('textbox', { name: 'Comune', exact: true }).fill('Bologn');
    await admin.getByRole('option', { name: 'Bologna (BO)', exact: true }).click();
    await card.getByRole('textbox', { name: 'Negozio' }).fill('Libreria Rossi');
    await card.getByRole('textbox', { name: 'Indirizzo' }).fill('Via Zamboni 12');
    await card.getByRole('textbox', { name: 'Categoria' }).click();
    await admin.getByRole('option', { name: 'Libri', exact: true }).click();
    const amounts = card.getByRole('textbox', { name: 'Tagli disponibili (€)' });
    await amounts.fill('25');
    await amounts.press('Enter');
    await amounts.fill('50');
    await amounts.press('Enter');
    await card.getByRole('button', { name: 'Salva' }).click();
    const table = admin.getByRole('table', { name: 'Gift card comunali' });
    await table.getByText('Libreria Rossi').waitFor();
    await table.getByText('25,00 € · 50,00 €').waitFor();
    await saveScreenshot(admin, 'giftcards-admin-municipal');

    const corner = await openAs(suite, CORNER_PERSONA);
    corner.on('pageerror', (error) => errors.push(`corner: ${error.message}`));
    await corner.goto(`${suite.server.url}/profilo/la-mia-giftcard`);
    await corner.getByRole('heading', { name: 'La mia Gift Card' }).waitFor();
    await corner.getByText('Amazon', { exact: true }).waitFor();
    await corner.getByText(CARD, { exact: true }).waitFor();
    await corner.getByRole('group', { name: 'Filtra per categoria' }).getByText('Libri').click();
    await corner.getByText('Amazon', { exact: true }).waitFor({ state: 'detached' });
    await corner.getByRole('button', { name: `Scegli ${CARD}` }).click();
    await corner.getByText(`D’ora in poi riceverai le provvigioni in gift card «${CARD}».`).waitFor();

    await corner.reload();
    const choice = corner.getByRole('region', { name: 'La tua scelta' });
    await choice.getByText(CARD).waitFor();
    await saveScreenshot(corner, 'giftcards-corner-choice');

    // Issue 27's journey goes on: the corner asks 50,00 € in that gift card, the admin pays it with the card's code,
    // the corner finds the card with its code and its balance down by as much.
    await corner.goto(`${suite.server.url}/pagamenti`);
    await corner.getByRole('button', { name: 'Chiedi un pagamento' }).click();
    const ask = corner.getByRole('dialog', { name: 'Chiedi un pagamento' });
    await ask.getByRole('radio', { name: 'Gift card' }).check();
    await ask.getByText(CARD).first().waitFor();
    await ask.getByRole('textbox', { name: 'Importo (€)' }).fill('50');
    await ask.getByRole('button', { name: 'Chiedi il pagamento' }).click();
    await ask.waitFor({ state: 'detached' });
    const payouts = corner.getByRole('table', { name: 'Pagamenti a te' });
    await payouts.getByText('Da pagare').waitFor();

    await admin.goto(`${suite.server.url}/admin/pagamenti?sezione=ai-corner`);
    const toPay = admin.getByRole('table', { name: 'Pagamenti ai corner' });
    await toPay.getByText('Mario Rossi').waitFor();
    await toPay.getByRole('button', { name: /^Paga Mario Rossi/ }).click();
    const pay = admin.getByRole('dialog', { name: 'Paga il corner' });
    await pay.getByRole('textbox', { name: 'Codice della gift card' }).fill('LIBR-4417-2290');
    await pay.getByRole('button', { name: 'Registra il pagamento' }).click();
    await admin.getByText('Pagamento registrato').waitFor();

    await corner.reload();
    await payouts.getByText('Pagato', { exact: true }).waitFor();
    await payouts.getByText('LIBR-4417-2290').waitFor();
    const balance = corner.getByRole('region', { name: 'Provvigioni' }).getByText('Saldo', { exact: true }).locator('..');
    await expect.poll(() => balance.innerText()).toMatch(/^Saldo\s+50,00\s€$/);
    await corner.goto(`${suite.server.url}/profilo/la-mia-giftcard`);
    await corner.getByText('LIBR-4417-2290').waitFor();
    expect(errors).toEqual([]);
  }, 240_000);
});
