import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserSuite } from './browser';
import { ADMIN, signIn } from './shell-helpers';

/**
 * The settings of fideiussioni and altri rami (documents, commission and categories) and the offers catalogues of
 * luce e gas and GPL, checked and saved.
 */
describe.skipIf(!hasBrowser)('admin: impostazioni di fideiussioni, altri rami e offerte', () => {
  const suite = useBrowserSuite({ onReady: (server) => server.createUser(ADMIN).then(() => undefined) });

  it('edits the surety documents, the altri rami commission and categories and the offers catalogue, and keeps them after a reload', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);

    // Fideiussioni: the balance sheets become required, a new document is refused until its code is valid.
    await page.goto(`${suite.server.url}/admin/fideiussioni`);
    const surety = page.getByRole('region', { name: 'Impostazioni delle fideiussioni' });
    const codes = surety.getByRole('textbox', { name: 'Codice' });
    const required = surety.getByRole('checkbox', { name: 'Obbligatorio' });
    const suretySave = surety.getByRole('button', { name: 'Salva impostazioni fideiussioni' });
    await expect.poll(() => codes.count()).toBe(4);
    expect(await required.nth(3).isChecked()).toBe(false);
    expect(await suretySave.isDisabled()).toBe(true);

    await required.nth(3).check();
    await surety.getByRole('button', { name: 'Aggiungi documento' }).click();
    await codes.nth(4).fill('9 durc');
    await surety.getByRole('textbox', { name: 'Nome del documento' }).nth(4).fill('DURC');
    await surety.getByText('Codice documento non valido: lettere, cifre, «-» o «_», al massimo 50 caratteri, iniziando con una lettera.').waitFor();
    expect(await suretySave.isDisabled()).toBe(true);
    await codes.nth(4).fill('durc');
    await expect.poll(() => suretySave.isDisabled()).toBe(false);
    await suretySave.click();
    await page.getByText('Impostazioni delle fideiussioni salvate').waitFor();
    await expect.poll(() => suretySave.isDisabled()).toBe(true);

    await page.reload();
    await expect.poll(() => codes.count()).toBe(5);
    expect(await codes.nth(4).inputValue()).toBe('durc');
    expect(await surety.getByRole('textbox', { name: 'Nome del documento' }).nth(4).inputValue()).toBe('DURC');
    expect(await required.nth(3).isChecked()).toBe(true);

    // Altri rami: a higher commission (with its example on 500 €) and one more category.
    await page.goto(`${suite.server.url}/admin/altri-rami`);
    const sector = page.getByRole('region', { name: 'Impostazioni degli altri rami' });
    const percent = sector.getByRole('textbox', { name: 'Percentuale del premio annuo' });
    const categories = sector.getByRole('textbox', { name: 'Nome della categoria' });
    const sectorSave = sector.getByRole('button', { name: 'Salva impostazioni altri rami' });
    await expect.poll(() => percent.inputValue()).toBe('15 %');
    const categoryCount = await categories.count();
    expect(categoryCount).toBeGreaterThan(0);

    await percent.fill('20');
    await sector.getByText(/Su un premio di 500,00\s€ la provvigione è 100,00\s€/).waitFor();
    await sector.getByRole('button', { name: 'Aggiungi categoria' }).click();
    await categories.nth(categoryCount).fill('Animali domestici');
    await sectorSave.click();
    await page.getByText('Impostazioni degli altri rami salvate').waitFor();
    await expect.poll(() => sectorSave.isDisabled()).toBe(true);

    await page.reload();
    await expect.poll(() => percent.inputValue()).toBe('20 %');
    await expect.poll(() => categories.count()).toBe(categoryCount + 1);
    expect(await categories.nth(categoryCount).inputValue()).toBe('Animali domestici');

    // Offers catalogue (/admin/impostazioni): a new luce e gas offer, refused on its field until the clawback is
    // within 60 months, saved and kept; a GPL offer with the tank lent for more than 24 months is refused (art. 10).
    await page.goto(`${suite.server.url}/admin/impostazioni`);
    const luceGas = page.getByRole('region', { name: 'Offerte luce e gas', exact: true });
    const luceGasSave = luceGas.getByRole('button', { name: 'Salva offerte luce e gas' });
    await luceGas.getByRole('button', { name: /Luce Chiara S\.p\.A\. · Casa Sicura Dual/ }).waitFor();
    expect(await luceGasSave.isDisabled()).toBe(true);

    await luceGas.getByRole('button', { name: 'Aggiungi offerta' }).click();
    await luceGas.getByRole('textbox', { name: 'Fornitore' }).fill('Energia Sole S.r.l.');
    await luceGas.getByRole('textbox', { name: 'Nome dell’offerta' }).fill('Casa Sole Fissa');
    expect(await luceGas.getByRole('textbox', { name: 'Codice offerta' }).inputValue()).toBe('energia-sole-s-r-l-casa-sole-fissa');
    await luceGas.getByRole('textbox', { name: 'Provvigione per attivazione' }).fill('85');
    const clawback = luceGas.getByRole('textbox', { name: 'Storno della provvigione (mesi)' });
    await clawback.fill('72');
    await luceGas.getByText('Indica i mesi dello storno, da 0 (nessuno storno) a 60.').waitFor();
    expect(await luceGasSave.isDisabled()).toBe(true);
    await clawback.fill('12');
    await expect.poll(() => luceGasSave.isDisabled()).toBe(false);
    await luceGasSave.click();
    await page.getByText('Offerte luce e gas salvate').waitFor();
    await expect.poll(() => luceGasSave.isDisabled()).toBe(true);

    await page.reload();
    await luceGas.getByRole('button', { name: /Energia Sole S\.r\.l\. · Casa Sole Fissa/ }).click();
    await expect.poll(() => luceGas.getByRole('textbox', { name: 'Provvigione per attivazione' }).inputValue()).toBe('€ 85');
    expect(await luceGas.getByRole('textbox', { name: 'Storno della provvigione (mesi)' }).inputValue()).toBe('12');
    expect(await luceGas.getByRole('textbox', { name: 'Codice offerta' }).getAttribute('readonly')).not.toBeNull();

    const lpg = page.getByRole('region', { name: 'Offerte GPL', exact: true });
    await lpg.getByRole('button', { name: 'Aggiungi offerta' }).click();
    await lpg.getByRole('textbox', { name: 'Fornitore' }).fill('GPL Pianura S.r.l.');
    await lpg.getByRole('textbox', { name: 'Nome dell’offerta' }).fill('Serbatoio in comodato');
    await lpg.getByRole('switch', { name: 'Serbatoio in comodato o a noleggio' }).check();
    await lpg.getByRole('textbox', { name: 'Prezzo di riscatto del serbatoio' }).fill('900');
    await lpg.getByRole('textbox', { name: 'Durata del comodato o noleggio (mesi)' }).fill('30');
    await lpg
      .getByText('Il comodato o il noleggio del serbatoio dura al massimo due anni (D.Lgs. 32/1998, art. 10): indica da 1 a 24 mesi.')
      .waitFor();
    expect(await lpg.getByRole('button', { name: 'Salva offerte GPL' }).isDisabled()).toBe(true);
  });

  it('keeps the insurers lists: a company with its IVASS code, an agency of it, deactivated after confirming', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/gestione-compagnie`);
    await page.getByRole('cell', { name: 'Generali Italia S.p.A.', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Nuova compagnia' }).click();
    const company = page.getByRole('dialog', { name: 'Nuova compagnia' });
    await company.getByRole('textbox', { name: 'Denominazione' }).fill('Assicurazioni Lombarde S.p.A.');
    await company.getByRole('textbox', { name: 'Codice IVASS' }).fill('1.00999 !');
    await company.getByRole('button', { name: 'Salva' }).click();
    await company.getByText('Codice IVASS non valido: lettere, cifre, punti e trattini (massimo 20).').waitFor();
    await company.getByRole('textbox', { name: 'Codice IVASS' }).fill('1.00999');
    await company.getByRole('button', { name: 'Salva' }).click();
    await company.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Assicurazioni Lombarde S.p.A.', exact: true }).waitFor();

    await page.goto(`${suite.server.url}/admin/gestione-agenzie`);
    await page.getByRole('button', { name: 'Nuova agenzia' }).click();
    const agency = page.getByRole('dialog', { name: 'Nuova agenzia' });
    await agency.getByRole('textbox', { name: 'Compagnia' }).fill('Lombarde');
    await page.getByRole('option', { name: 'Assicurazioni Lombarde S.p.A. (1.00999)' }).click();
    await agency.getByRole('textbox', { name: 'Nome dell’agenzia' }).fill('Agenzia Bergamo Alta');
    await agency.getByRole('textbox', { name: 'Città' }).fill('Bergamo');
    await agency.getByRole('button', { name: 'Salva' }).click();
    await agency.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Agenzia Bergamo Alta Bergamo', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Disattiva Agenzia Bergamo Alta' }).click();
    await page.getByRole('dialog', { name: 'Disattivare l’agenzia?' }).getByRole('button', { name: 'Disattiva' }).click();
    await page.getByText('Agenzia disattivata.').waitFor();
  });
});
