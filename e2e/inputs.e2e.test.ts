import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';
import { ADMIN, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';
import { saveViewportScreenshot } from './widgets-helpers';

/** Added at noon UTC, so the local day is the same in any European (or American) time zone. */
const addedOn = (day: string) => new Date(`${day}T12:00:00Z`);

const CLIENTS = [
  { name: 'Anna', surname: 'Bianchi', day: '2026-02-28' },
  { name: 'Luca', surname: 'Colombo', day: '2026-03-04' },
  { name: 'Marta', surname: 'Esposito', day: '2026-03-05' },
  { name: 'Paolo', surname: 'Ferrari', day: '2026-03-05' },
  { name: 'Sara', surname: 'Gallo', day: '2026-03-10' },
  { name: 'Giulia', surname: 'Greco', day: '2026-04-01' },
];
const COMPANY = { business: 'Verdi Trasporti Srl', day: '2026-03-12' };

const PAYMENTS = [
  { description: 'Polizza RC Auto AB123CD', amount_cents: 123456, status: 'notPaied' },
  { description: 'Polizza casa Rossi', amount_cents: 25000, status: 'notPaied' },
  { description: 'Rinnovo bollo', amount_cents: 1250, status: 'notPaied' },
  { description: 'Fideiussione affitto', amount_cents: 9900, status: 'pending' },
  { description: 'Polizza moto', amount_cents: 123457, status: 'pending' },
  { description: 'Polizza RC Auto XY987ZW', amount_cents: 48050, status: 'paied' },
  { description: 'Assistenza stradale', amount_cents: 1250, status: 'paied' },
];

const INVALID_DATE = 'Data non valida: usa gg/mm/aaaa.';
const INVALID_NUMBER = 'Inserisci un numero valido, per esempio 1.234,56.';

/** The names in the client table, top to bottom (sorted A-Z by surname, or business name). */
const clientNames = async (page: Page): Promise<string[]> => {
  const cells = page.getByRole('table').getByRole('row').locator('td:first-child p');
  return (await cells.allInnerTexts()).map((text) => text.trim());
};

/** The open calendar of a DateInput (rendered in a portal). */
const calendar = (page: Page): Locator => page.locator('[data-dates-dropdown]');

/** The calendar fades in: a picture taken before the end shows the page through it. */
const calendarShown = async (page: Page): Promise<void> => {
  await calendar(page).waitFor();
  await expect.poll(() => calendar(page).evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
};

/** Types like a person, one key at a time, then leaves the field with Tab. */
const typeInto = async (field: Locator, text: string): Promise<void> => {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
  await field.press('Tab');
};

/** A full-page picture from the top, with no focus ring and no sticky header stranded halfway down. */
const savePage = async (page: Page, name: string): Promise<void> => {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await expect.poll(() => calendar(page).count()).toBe(0); // a calendar closed by the blur fades out first
  await saveScreenshot(page, name);
};

/** The reset button sits on the line of the fields, not of their labels. */
const expectInLine = async (field: Locator, button: Locator): Promise<void> => {
  const [a, b] = [(await field.boundingBox())!, (await button.boundingBox())!];
  expect(Math.abs(a.y - b.y)).toBeLessThanOrEqual(2);
  expect(Math.abs(a.height - b.height)).toBeLessThanOrEqual(2);
};

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The number in a payments tab's badge. */
const badge = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) }).locator('.mantine-Badge-label').innerText();

const badges = async (page: Page) => [await badge(page, 'Da pagare'), await badge(page, 'In attesa di conferma'), await badge(page, 'Pagati')];

describe.skipIf(!hasBrowser)('date and amount inputs in use', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const corner = await server.createUser(CORNER_PERSONA);
      await server.createUser(ADMIN);
      const { db } = server;
      await db
        .insertInto('clients')
        .values([
          ...CLIENTS.map((client) => ({
            corner_id: corner.id,
            type: 'persona',
            name: client.name,
            surname: client.surname,
            email: `${client.name}.${client.surname}@example.it`.toLowerCase(),
            phone: '3330000000',
            created_at: addedOn(client.day),
          })),
          { corner_id: corner.id, type: 'azienda', business: COMPANY.business, vat: '01234560017', created_at: addedOn(COMPANY.day) },
        ])
        .execute();
      await db
        .insertInto('payments')
        .values(PAYMENTS.map((payment) => ({ corner_id: corner.id, ...payment, paid_at: payment.status === 'paied' ? new Date('2026-10-05T12:00:00Z') : null })))
        .execute();
    },
  });
  const { openPage } = suite;

  const openClients = async (viewport?: typeof PHONE) => {
    const page = await openPage('/accedi', viewport);
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await page.goto(`${suite.server.url}/clienti`);
    await page.getByText('7 clienti').waitFor();
    await waitForShell(page);
    return page;
  };

  it('opens an Italian calendar: 42 days from Monday, Italian month names, 10 years, Esc closes it, a picked day filters', async () => {
    const page = await openClients();
    const from = page.getByRole('textbox', { name: 'Aggiunti dal' });
    await from.click();
    const dropdown = calendar(page);
    await calendarShown(page);

    // The month of today, as the browser's clock has it: six weeks of seven days, the first a Monday.
    const today = await page.evaluate(() => {
      const now = new Date();
      const first = new Date(now.getFullYear(), now.getMonth(), 1);
      const start = new Date(first);
      start.setDate(1 - ((first.getDay() + 6) % 7));
      const month = (date: Date) => new Intl.DateTimeFormat('it-IT', { month: 'long' }).format(date);
      return { heading: `${month(now)} ${now.getFullYear()}`, firstCell: `${start.getDate()} ${month(start)} ${start.getFullYear()}`, startWeekday: start.getDay() };
    });
    expect(today.startWeekday).toBe(1);
    const days = dropdown.locator('.mantine-DateInput-day');
    expect(await days.count()).toBe(42);
    expect(await days.first().getAttribute('aria-label')).toBe(today.firstCell);
    const weekdays = (await dropdown.locator('.mantine-DateInput-weekday').allTextContents()).map((text) => text.trim());
    expect(weekdays).toEqual(['lu', 'ma', 'me', 'gi', 've', 'sa', 'do']);
    expect(await dropdown.locator('.mantine-DateInput-weekday').first().innerText()).toBe('Lu'); // capitalised on screen
    const level = dropdown.getByRole('button', { name: 'Scegli il mese' });
    expect((await level.textContent())?.trim()).toBe(today.heading);
    await dropdown.getByRole('button', { name: 'Mese successivo' }).waitFor();
    await saveViewportScreenshot(page, 'inputs-clients-calendar-desktop');

    // Keyboard: Esc closes the calendar and leaves the focus in the field.
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    expect(await from.evaluate((element) => element === document.activeElement)).toBe(true);

    // Month -> year -> decade: ten years, then back down to 5 March 2026.
    await from.click();
    await level.click();
    await dropdown.getByRole('button', { name: "Scegli l'anno" }).click();
    const years = dropdown.locator('.mantine-DateInput-yearsListControl');
    expect(await years.count()).toBe(10);
    const yearTexts = (await years.allTextContents()).map(Number);
    expect(yearTexts[9]! - yearTexts[0]!).toBe(9);
    await calendarShown(page);
    await saveViewportScreenshot(page, 'inputs-clients-years-desktop');
    for (let step = 0; step < 5 && !yearTexts.includes(2026); step += 1) {
      await dropdown.getByRole('button', { name: 'Decennio precedente' }).click();
      yearTexts.splice(0, 10, ...(await years.allTextContents()).map(Number));
    }
    await years.filter({ hasText: '2026' }).click();
    expect(await dropdown.locator('.mantine-DateInput-monthsListControl').allTextContents()).toEqual(['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic']);
    await dropdown.locator('.mantine-DateInput-monthsListControl').filter({ hasText: 'mar' }).click();
    expect((await level.textContent())?.trim()).toBe('marzo 2026');
    expect(await days.count()).toBe(42);
    expect(await days.first().getAttribute('aria-label')).toBe('23 febbraio 2026'); // 1 March 2026 is a Sunday
    await dropdown.getByRole('button', { name: '5 marzo 2026', exact: true }).click();
    await dropdown.waitFor({ state: 'hidden' });
    expect(await from.inputValue()).toBe('05/03/2026');
    await page.getByText('5 clienti', { exact: true }).waitFor();
    expect(await clientNames(page)).toEqual(['Marta Esposito', 'Paolo Ferrari', 'Sara Gallo', 'Giulia Greco', 'Verdi Trasporti Srl']);
  });

  it('reads typed dates day first, refuses what is no date with a message, filters a range and resets', async () => {
    const page = await openClients();
    const from = page.getByRole('textbox', { name: 'Aggiunti dal' });
    const to = page.getByRole('textbox', { name: 'Aggiunti al' });
    await expectInLine(to, page.getByRole('button', { name: 'Azzera filtri' }));

    await typeInto(from, '05/03/2026');
    expect(await from.inputValue()).toBe('05/03/2026');
    await page.getByText('5 clienti', { exact: true }).waitFor();
    await from.click();
    expect((await calendar(page).getByRole('button', { name: 'Scegli il mese' }).textContent())?.trim()).toBe('marzo 2026');
    expect(await calendar(page).getByRole('button', { name: '5 marzo 2026', exact: true }).getAttribute('data-selected')).toBe('true');
    await page.keyboard.press('Escape');

    // The same day, short: "5.3.26" is 5 March 2026, rewritten as dd/mm/yyyy when the field is left.
    await typeInto(to, '5.3.26');
    expect(await to.inputValue()).toBe('05/03/2026');
    await page.getByText('2 clienti', { exact: true }).waitFor();
    expect(await clientNames(page)).toEqual(['Marta Esposito', 'Paolo Ferrari']);

    // A whole range, both ends included.
    await typeInto(from, '4/3/2026');
    await typeInto(to, '10-03-2026');
    await page.getByText('4 clienti', { exact: true }).waitFor();
    expect(await clientNames(page)).toEqual(['Luca Colombo', 'Marta Esposito', 'Paolo Ferrari', 'Sara Gallo']);
    await savePage(page, 'inputs-clients-range-desktop');

    // With the type filter nothing matches: the empty state names the period.
    await page.getByText('Aziende', { exact: true }).click();
    await page.getByRole('heading', { name: 'Nessun cliente corrisponde alla ricerca' }).waitFor();
    await page.getByText('Nessun cliente aggiunto tra il 04/03/2026 e il 10/03/2026 corrisponde ai filtri.', { exact: false }).waitFor();
    await page.getByText('Tutti', { exact: true }).click();

    // A range that ends before it starts is explained.
    await typeInto(from, '11/03/2026');
    await page.getByText('Deve venire dopo «Aggiunti dal».').waitFor();
    await page.getByText('La data «Aggiunti al» viene prima di «Aggiunti dal»', { exact: false }).waitFor();

    // A day that does not exist is refused: the text stays to be corrected, with a message, and filters nothing.
    // "29/02/2025" passes through "29/02/20" (29 February 2020, a real day) on the way: that must not stick.
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await page.getByText('7 clienti').waitFor();
    await typeInto(to, '29/02/2025');
    expect(await to.inputValue()).toBe('29/02/2025');
    await page.getByText(INVALID_DATE).waitFor();
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('7 clienti').count()).toBe(1);
    await typeInto(from, '31/02/2026');
    await page.getByText(INVALID_DATE).nth(1).waitFor();
    expect(await from.inputValue()).toBe('31/02/2026');
    expect(await page.getByText('7 clienti').count()).toBe(1);
    await savePage(page, 'inputs-clients-invalid-desktop');

    // Correcting the text takes the message away.
    await typeInto(from, '28/02/2026');
    await page.getByText('7 clienti').waitFor();
    expect(await page.getByText(INVALID_DATE).count()).toBe(1);
    await typeInto(from, '01/03/2026');
    await page.getByText('6 clienti', { exact: true }).waitFor();

    // "Azzera filtri" empties every filter, a refused text included.
    await page.getByLabel('Cerca').fill('greco');
    await page.getByText('Aziende', { exact: true }).click();
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await page.getByText('7 clienti').waitFor();
    expect(await from.inputValue()).toBe('');
    expect(await to.inputValue()).toBe('');
    expect(await page.getByLabel('Cerca').inputValue()).toBe('');
    expect(await page.getByText(INVALID_DATE).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Tutti' }).isChecked()).toBe(true);
  });

  it('clears a date with its clear button or by emptying the text', async () => {
    const page = await openClients();
    const from = page.getByRole('textbox', { name: 'Aggiunti dal' });
    await typeInto(from, '10/03/2026');
    await page.getByText('3 clienti', { exact: true }).waitFor();
    await from.fill('');
    await from.press('Tab');
    await page.getByText('7 clienti').waitFor();
    await typeInto(from, '10/03/2026');
    await page.getByText('3 clienti', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancella la data' }).click();
    await page.getByText('7 clienti').waitFor();
    expect(await from.inputValue()).toBe('');
  });

  it('gives the admin the same date filter on /admin/clienti', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/clienti`);
    await page.getByText('7 clienti').waitFor();
    await typeInto(page.getByRole('textbox', { name: 'Aggiunti al' }), '28/02/2026');
    await page.getByText('1 cliente', { exact: true }).waitFor();
    expect(await clientNames(page)).toEqual(['Anna Bianchi']);
  });

  it('stacks the client filters on a phone without sideways scrolling, calendar included', async () => {
    const page = await openClients(PHONE);
    const boxes = [];
    for (const name of ['Cerca', 'Ordina per', 'Aggiunti dal', 'Aggiunti al']) {
      const box = await page.getByRole('textbox', { name }).boundingBox();
      expect(box).not.toBeNull();
      boxes.push(box!);
    }
    const reset = (await page.getByRole('button', { name: 'Azzera filtri' }).boundingBox())!;
    for (const [index, box] of [...boxes, reset].entries()) {
      expect(box.width).toBeGreaterThan(300); // the whole width, one under the other
      if (index > 0) expect(box.y).toBeGreaterThan(boxes[index - 1]!.y);
    }
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await savePage(page, 'inputs-clients-phone');

    await page.getByRole('textbox', { name: 'Aggiunti dal' }).click();
    const dropdown = calendar(page);
    await calendarShown(page);
    const box = (await dropdown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await dropdown.locator('.mantine-DateInput-day').count()).toBe(42);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await saveViewportScreenshot(page, 'inputs-clients-calendar-phone');
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });

    await typeInto(page.getByRole('textbox', { name: 'Aggiunti al' }), '31/02/2026');
    await page.getByText(INVALID_DATE).waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  });

  const openPayments = async (viewport?: typeof PHONE) => {
    const page = await openPage('/accedi', viewport);
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await page.goto(`${suite.server.url}/pagamenti`);
    await page.getByRole('tab', { name: /Da pagare/ }).waitFor();
    await waitForShell(page);
    return page;
  };

  it('filters the three payment tabs by amount typed with a comma or a dot, and refuses what is no amount', async () => {
    const page = await openPayments();
    const from = page.getByRole('textbox', { name: 'Importo da' });
    const to = page.getByRole('textbox', { name: 'Importo a' });
    const panel = page.getByRole('tabpanel');
    expect(await badges(page)).toEqual(['3', '2', '2']);
    await expectInLine(to, page.getByRole('button', { name: 'Azzera filtri' }));

    // Italian: a dot groups thousands, the comma is the decimal point. Compared in cents: 123456 is in, 123457 too.
    await typeInto(from, '1.234,56');
    expect(await from.inputValue()).toBe('1.234,56');
    expect(await badges(page)).toEqual(['1', '1', '0']);
    expect(await panel.getByRole('row').count()).toBe(2);
    await panel.getByText('Polizza RC Auto AB123CD').waitFor();
    await page.getByRole('tab', { name: /Pagati/ }).click();
    await panel.getByRole('heading', { name: 'Nessun pagamento con questo importo' }).waitFor();
    await panel.getByText('Tra i pagamenti «Pagati» nessuno ha un importo da 1.234,56 € in su.', { exact: false }).waitFor();
    await savePage(page, 'inputs-payments-empty-desktop');
    await page.getByRole('tab', { name: /Da pagare/ }).click();

    // Pasted from elsewhere, with a dot: the same amount, shown the Italian way once the field is left.
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    expect(await badges(page)).toEqual(['3', '2', '2']);
    expect(await from.inputValue()).toBe('');
    await typeInto(to, '1234.56');
    expect(await to.inputValue()).toBe('1.234,56');
    expect(await badges(page)).toEqual(['3', '1', '2']);

    // "12,5" is 12,50 €: exactly the two payments of 1250 cents.
    await typeInto(from, '12,5');
    await typeInto(to, '12,5');
    expect(await from.inputValue()).toBe('12,50');
    expect(await to.inputValue()).toBe('12,50');
    expect(await badges(page)).toEqual(['1', '0', '1']);
    await panel.getByText('Rinnovo bollo').waitFor();
    await page.getByRole('tab', { name: /In attesa di conferma/ }).click();
    await panel.getByText('Tra i pagamenti «In attesa di conferma» nessuno ha un importo di 12,50 €.', { exact: false }).waitFor();
    await page.getByRole('tab', { name: /Da pagare/ }).click();
    await savePage(page, 'inputs-payments-desktop');

    // No number: a message, and the filter lets everything through again.
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await typeInto(from, '12,5,0');
    expect(await from.inputValue()).toBe('12,5,0');
    await page.getByText(INVALID_NUMBER).waitFor();
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(await badges(page)).toEqual(['3', '2', '2']);
    await typeInto(to, '€ 10');
    expect(await page.getByText(INVALID_NUMBER).count()).toBe(2);
    expect(await badges(page)).toEqual(['3', '2', '2']);
    await savePage(page, 'inputs-payments-invalid-desktop');

    // Negative amounts and a reversed range are explained.
    await typeInto(from, '-5');
    await page.getByText("L'importo non può essere negativo.").waitFor();
    expect(await badges(page)).toEqual(['3', '2', '2']);
    await typeInto(from, '500');
    await typeInto(to, '100');
    await page.getByText('Deve essere almeno «Importo da».').waitFor();
    expect(await badges(page)).toEqual(['0', '0', '0']);
    await panel.getByText('«Importo a» è minore di «Importo da»', { exact: false }).waitFor();

    // Reset empties both fields, a refused text included, and the tabs count everything again.
    await typeInto(to, 'abc');
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    expect(await from.inputValue()).toBe('');
    expect(await to.inputValue()).toBe('');
    expect(await page.getByText(INVALID_NUMBER).count()).toBe(0);
    expect(await badges(page)).toEqual(['3', '2', '2']);
    expect(await panel.getByRole('row').count()).toBe(4);
  });

  it('stacks the amount filter on a phone without sideways scrolling', async () => {
    const page = await openPayments(PHONE);
    const from = (await page.getByRole('textbox', { name: 'Importo da' }).boundingBox())!;
    const to = (await page.getByRole('textbox', { name: 'Importo a' }).boundingBox())!;
    const reset = (await page.getByRole('button', { name: 'Azzera filtri' }).boundingBox())!;
    expect(to.y).toBeGreaterThan(from.y);
    expect(reset.y).toBeGreaterThan(to.y);
    for (const box of [from, to, reset]) expect(box.width).toBeGreaterThan(280);
    await typeInto(page.getByRole('textbox', { name: 'Importo da' }), '1.234,56');
    expect(await badges(page)).toEqual(['1', '1', '0']);
    await typeInto(page.getByRole('textbox', { name: 'Importo a' }), 'dieci');
    await page.getByText(INVALID_NUMBER).waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await savePage(page, 'inputs-payments-phone');
  });
});
