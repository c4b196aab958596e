import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';
import { BROKER, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

const RCA_BROKER = { ...BROKER, email: 'paolo.riva@example.it', name: 'Paolo', surname: 'Riva', brokerType: 'RC Auto' as const };

/** Picks an option of a Mantine select by its label. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/**
 * Issue 15, the practices' lists: a corner opens an RC Auto request from its client's page (a plate typed wrong is
 * refused as soon as the field is left, then corrected) and finds it in its list; the RC Auto broker finds it in
 * the worklist on its home and takes it.
 */
describe.skipIf(!hasBrowser)('pratiche RC Auto: request, list and worklist', () => {
  let clientId = '';
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const corner = await server.createUser(CORNER_PERSONA);
      await server.createUser(RCA_BROKER);
      const client = await server.db
        .insertInto('clients')
        .values({ corner_id: corner.id, type: 'persona', name: 'Giulia', surname: 'Verdi', email: 'giulia.verdi@example.it', phone: '+393471112233', cf: 'VRDGLI90L42L219Q' })
        .returning('id')
        .executeTakeFirstOrThrow();
      clientId = client.id;
    },
  });

  it('a corner requests RC Auto for a client, fixing a plate typo, and sees it listed; the RC Auto broker takes it from its home', async () => {
    const url = suite.server.url;
    const corner = await suite.openPage('/accedi');
    await signIn(corner, url, CORNER_PERSONA);
    await waitForShell(corner);

    // From the client's page: its practices panel is empty and opens the request with the client chosen.
    await corner.goto(`${url}/clienti/${clientId}`);
    const panel = corner.getByRole('region', { name: 'Pratiche' });
    await panel.getByText('Nessuna pratica').waitFor();
    await panel.getByRole('link', { name: 'Nuova pratica RC Auto' }).click();
    await corner.waitForURL(`${url}/rca/nuova?cliente=${clientId}`);
    await corner.getByRole('heading', { name: 'Nuova pratica RC Auto' }).waitFor();
    await expect.poll(() => corner.getByRole('textbox', { name: 'Cliente (contraente)' }).inputValue()).toBe('Giulia Verdi');

    await choose(corner, 'Tipo di veicolo', 'Autovettura');
    // A plate with a digit missing: refused as soon as the field is left, in Italian, with the right format.
    const plate = corner.getByRole('textbox', { name: 'Targa', exact: true });
    await plate.fill('ab 12 cd');
    await plate.press('Tab');
    const plateError = corner.getByText('Targa non valida per un’autovettura: formato AA000AA');
    await plateError.waitFor();
    expect(await plate.getAttribute('aria-invalid')).toBe('true');
    await plate.fill('ab 123 cd');
    await plate.press('Tab');
    await plateError.waitFor({ state: 'detached' });
    expect(await plate.inputValue()).toBe('AB 123 CD');

    await corner.getByRole('textbox', { name: 'Marca', exact: true }).fill('Fiat');
    await corner.getByRole('textbox', { name: 'Modello', exact: true }).fill('Panda');
    await choose(corner, 'Alimentazione', 'Benzina');
    await corner.getByRole('textbox', { name: 'Anno di immatricolazione', exact: true }).fill('2019');
    await corner.getByRole('textbox', { name: 'Potenza (kW)', exact: true }).fill('51');
    await corner.getByRole('textbox', { name: 'Valore del veicolo (€)', exact: true }).fill('8.500');
    await corner.getByRole('textbox', { name: 'Compagnia attuale', exact: true }).fill('Compagnia Esempio S.p.A.');
    await corner.getByRole('textbox', { name: 'Scadenza della polizza', exact: true }).fill('31/03/2027');
    await choose(corner, 'Classe CU (bonus-malus)', 'Classe 4');
    await corner.getByRole('textbox', { name: 'Decorrenza richiesta', exact: true }).fill('31/03/2027');
    await choose(corner, 'Tipo di guida', 'Guida esperta');
    await corner.getByRole('checkbox', { name: 'Furto e incendio' }).check();
    await corner.getByRole('button', { name: 'Invia la richiesta' }).click();

    await corner.getByText('Richiesta RC Auto inviata.').waitFor();
    await corner.waitForURL(/\/rca\/[0-9a-f-]{36}$/);

    // The corner's list: the new request first, in quotation, nobody has it yet.
    await corner.goto(`${url}/rca`);
    await corner.getByRole('heading', { name: 'RC Auto' }).waitFor();
    const row = corner.getByRole('row').filter({ hasText: 'Fiat Panda AB123CD' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/In quotazione[\s\S]*Giulia Verdi[\s\S]*Non ancora in carico/);
    await corner.getByText('1 pratica', { exact: true }).waitFor();
    // Filtered by another state it is not there; the filter is kept in the address.
    await choose(corner, 'Stato', 'Emessa');
    await corner.waitForURL(/stato=emitted/);
    await corner.getByRole('heading', { name: 'Nessuna pratica corrisponde ai filtri' }).waitFor();
    await corner.getByRole('button', { name: 'Azzera filtri' }).click();
    await row.waitFor();

    // The RC Auto broker: its home is the sector's worklist, the request is there to be taken.
    const broker = await suite.openPage('/accedi');
    await signIn(broker, url, RCA_BROKER);
    await waitForShell(broker);
    await broker.getByRole('heading', { name: 'Pratiche da lavorare' }).waitFor();
    const work = broker.getByRole('row').filter({ hasText: 'Fiat Panda AB123CD' });
    await work.waitFor();
    expect(await work.innerText()).toContain('Mario Rossi');
    await work.getByRole('button', { name: 'Prendi in carico Fiat Panda AB123CD' }).click();
    await broker.getByText('Hai preso in carico Fiat Panda AB123CD.').waitFor();
    await broker.waitForURL(/\/rca\/[0-9a-f-]{36}$/);
    await broker.goto(`${url}/`);
    await broker.getByRole('row').filter({ hasText: 'Fiat Panda AB123CD' }).getByText('In carico a te').waitFor();
    await saveScreenshot(broker, 'practices-broker-worklist');

    // The corner's open list hears of it without a reload: the practice is now the broker's.
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('Paolo Riva');
  });

  it('on a phone the request form and the list fit the screen, one column, no sideways scrolling', async () => {
    const url = suite.server.url;
    const page = await suite.openPage('/accedi', PHONE);
    await signIn(page, url, CORNER_PERSONA);
    await waitForShell(page);
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto(`${url}/rca/nuova?cliente=${clientId}`);
    await page.getByRole('heading', { name: 'Nuova pratica RC Auto' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Cliente (contraente)' }).inputValue()).toBe('Giulia Verdi');
    expect(await fitsWidth()).toBe(true);
    // One column: the make sits under the model's row, not beside it.
    const make = await page.getByRole('textbox', { name: 'Marca', exact: true }).boundingBox();
    const model = await page.getByRole('textbox', { name: 'Modello', exact: true }).boundingBox();
    expect(model!.y).toBeGreaterThan(make!.y + make!.height - 1);
    await saveScreenshot(page, 'practices-new-rca-phone');

    await page.goto(`${url}/rca`);
    await page.getByRole('row').filter({ hasText: 'Fiat Panda AB123CD' }).waitFor();
    expect(await fitsWidth()).toBe(true);
    await saveScreenshot(page, 'practices-list-phone');
  });
});
