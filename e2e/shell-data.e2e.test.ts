import { describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';
import { ADMIN, BROKER, CORNER_AZIENDA, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';
import { trpcInput, waitForTrpcCall } from './trpc-route';

const NEWS = [
  { title: 'Nuove tariffe RC Auto', text: 'Da lunedì sono disponibili le nuove quotazioni.' },
  { title: null, text: 'Manutenzione programmata domenica notte.' },
];
const NEWS_CHARACTERS = NEWS.reduce((total, item) => total + (item.title ?? '').length + item.text.length, 0);

const PAYMENT_DETAILS = { iban: 'IT60 X054 2811 1010 0000 0123 456', beneficiary: 'Piattaforma Intermediari Srl', reason: 'Pagamento polizze' };

const SURNAMES = ['Bianchi', 'Colombo', 'Esposito', 'Ferrari', 'Gallo', 'Greco', 'Lombardi', 'Marino', 'Moretti', 'Ricci', 'Romano', 'Russo'];

/** The pages that show data the server already has: news ticker, clients, payments, gift cards, users. */
describe.skipIf(!hasBrowser)('shell data pages', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const persona = await server.createUser(CORNER_PERSONA);
      for (const user of [ADMIN, CORNER_AZIENDA, BROKER]) await server.createUser(user);
      const { db } = server;
      await db.insertInto('news').values(NEWS.map((item, index) => ({ ...item, published_at: new Date(Date.now() - index * 60_000) }))).execute();
      // 24 persons and one company: two pages of 20.
      const clients = SURNAMES.flatMap((surname, index) => [
        { corner_id: persona.id, type: 'persona', name: 'Anna', surname, email: `anna.${surname.toLowerCase()}@example.it`, phone: `33300000${String(index).padStart(2, '0')}` },
        { corner_id: persona.id, type: 'persona', name: 'Luca', surname, email: `luca.${surname.toLowerCase()}@example.it`, phone: `34700000${String(index).padStart(2, '0')}` },
      ]);
      await db.insertInto('clients').values([...clients, { corner_id: persona.id, type: 'azienda', business: 'Verdi Trasporti Srl', vat: '01234560017', email: 'info@verditrasporti.it' }]).execute();
      await db
        .insertInto('payments')
        .values([
          { corner_id: persona.id, description: 'Polizza RC Auto AB123CD', amount_cents: 123456, status: 'notPaied', due_date: new Date('2026-12-31T12:00:00Z') },
          { corner_id: persona.id, description: 'Polizza casa Rossi', amount_cents: 25000, status: 'notPaied' },
          { corner_id: persona.id, description: 'Fideiussione affitto', amount_cents: 9900, status: 'pending' },
          { corner_id: persona.id, description: 'Polizza RC Auto XY987ZW', amount_cents: 48050, status: 'paied', paid_at: new Date('2026-10-05T12:00:00Z') },
        ])
        .execute();
      await db.insertInto('giftcards').values({ corner_id: persona.id, name: 'Buono carburante', amount_cents: 5000, code: 'GC-2026-0001' }).execute();
      await db
        .insertInto('settings')
        .values({ key: 'paymentDetails', value: JSON.stringify(PAYMENT_DETAILS) })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(PAYMENT_DETAILS) }))
        .execute();
    },
  });
  const { openPage } = suite;

  it('scrolls the news at 500 ms per character, pauses on hover, and stands still with reduced motion', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    const ticker = page.getByRole('region', { name: 'Notizie' });
    await ticker.getByText('Nuove tariffe RC Auto').waitFor();
    await ticker.getByText('Manutenzione programmata domenica notte.').waitFor();
    const track = page.getByTestId('news-track');
    expect(await track.evaluate((element) => getComputedStyle(element).animationDuration)).toBe(`${(NEWS_CHARACTERS * 500) / 1000}s`);
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('running');
    await ticker.hover();
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');
    await saveScreenshot(page, 'shell-news-desktop');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await ticker.getByRole('listitem').first().waitFor();
    expect(await page.getByTestId('news-track').count()).toBe(0);
    expect(await ticker.getByRole('listitem').allInnerTexts()).toEqual(['Nuove tariffe RC Auto: Da lunedì sono disponibili le nuove quotazioni.', 'Manutenzione programmata domenica notte.']);
  });

  it('shows no ticker to a broker', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, BROKER);
    await waitForShell(page);
    await page.waitForTimeout(300);
    expect(await page.getByRole('region', { name: 'Notizie' }).count()).toBe(0);
  });

  it('lists the corner’s clients with search over the filter fields, type filter, sorting and paging', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    const request = waitForTrpcCall(page, 'clients.find');
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Clienti' }).click();
    // Issue 14: the server filters, sorts and pages (25 a page by default).
    expect(trpcInput(await request)).toEqual({ page: 1, limit: 25, sort: 'name' });
    const rows = page.getByRole('table').getByRole('row');
    await page.getByText('25 clienti', { exact: true }).waitFor();
    expect(await rows.count()).toBe(26); // header + 25: one page
    expect(await rows.nth(1).innerText()).toContain('Anna Bianchi');
    expect(await page.getByRole('button', { name: 'Pagina successiva' }).count()).toBe(0);
    await saveScreenshot(page, 'shell-clients-desktop');

    await page.getByLabel('Cerca').fill('3470000003');
    await page.getByText('1 cliente', { exact: true }).waitFor();
    expect(await rows.nth(1).innerText()).toContain('Luca Ferrari');

    await page.getByLabel('Cerca').fill('');
    await page.getByText('25 clienti', { exact: true }).waitFor();
    await page.getByText('Aziende', { exact: true }).click();
    await page.getByText('1 cliente', { exact: true }).waitFor();
    expect(await rows.nth(1).innerText()).toContain('Verdi Trasporti Srl');

    await page.getByText('Tutti', { exact: true }).click();
    await page.getByText('25 clienti', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Ordina per' }).click();
    await page.getByRole('option', { name: 'Nome (Z-A)', exact: true }).click();
    await expect.poll(() => rows.nth(1).innerText()).toContain('Verdi Trasporti Srl');

    await page.getByLabel('Cerca').fill('nessuno così');
    await page.getByRole('heading', { name: 'Nessun cliente corrisponde alla ricerca' }).waitFor();
  });

  it('shows an empty client book as such', async () => {
    const page = await openPage('/accedi', PHONE);
    await signIn(page, suite.server.url, CORNER_AZIENDA);
    await page.goto(`${suite.server.url}/clienti`);
    await page.getByRole('heading', { name: 'Nessun cliente' }).waitFor();
    await waitForShell(page);
    await saveScreenshot(page, 'shell-clients-empty-phone');
  });

  it('shows the payments: totals in euros, how to pay, and the three groups', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await page.getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Pagamenti' }).click();
    await page.waitForURL(`${suite.server.url}/pagamenti`);
    await page.getByText('1.484,56 €').waitFor(); // 1234.56 + 250.00 to pay
    await page.getByText('99,00 €').first().waitFor();
    await page.getByText('480,50 €').first().waitFor();
    await page.getByText('IT60 X054 2811 1010 0000 0123 456').waitFor();
    await page.getByText('Piattaforma Intermediari Srl').waitFor();
    await page.getByText('Pagamento polizze').waitFor();
    const table = page.getByRole('tabpanel').getByRole('table');
    expect(await table.getByRole('row').count()).toBe(3);
    await table.getByText('Polizza RC Auto AB123CD').waitFor();
    await table.getByText('31/12/2026').waitFor();
    await saveScreenshot(page, 'shell-payments-desktop');

    await page.getByRole('tab', { name: /In attesa di conferma/ }).click();
    await page.getByRole('tabpanel').getByText('Fideiussione affitto').waitFor();
    await page.getByRole('tab', { name: /Pagati/ }).click();
    await page.getByRole('tabpanel').getByText('05/10/2026').waitFor();

    await page.goto(`${suite.server.url}/profilo/la-mia-giftcard`);
    await page.getByText('Buono carburante').waitFor();
    await page.getByText('GC-2026-0001').waitFor();
  });

  it('fits the payments on a phone', async () => {
    const page = await openPage('/accedi', PHONE);
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await page.goto(`${suite.server.url}/pagamenti`);
    await page.getByText('1.484,56 €').waitFor();
    await waitForShell(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'shell-payments-phone');
  });

  it('gives the admin a dashboard with user counts and the published news', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/dashboard`);
    const corners = page.getByRole('link', { name: /Corner attivi/ });
    await corners.getByText('2', { exact: true }).waitFor();
    await page.getByRole('link', { name: /Broker/ }).getByText('1', { exact: true }).waitFor();
    await waitForShell(page);
    await saveScreenshot(page, 'shell-admin-dashboard-desktop');
    await corners.click();
    await page.waitForURL(`${suite.server.url}/admin/gestione-utenti?ruolo=corner&stato=active`);
    await page.getByText('2 utenti').waitFor();

    await page.goto(`${suite.server.url}/admin/notizie`);
    await page.getByRole('main').getByRole('paragraph').filter({ hasText: 'Manutenzione programmata domenica notte.' }).waitFor();
  });
});
