import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserSuite } from './browser';
import { choose, openAs } from './practices-helpers';
import { ADMIN, CORNER_PERSONA } from './shell-helpers';

const LOCKED_NOTE = "Disponibile con il livello Gold/Silver: contatta l'amministrazione";

/**
 * Issue 28: a bronze corner sees the insurance sectors in its sidebar with what opens them; an admin raises it to
 * gold (with its RUI registration) and the corner, signed in all along and without reloading, opens an RC Auto request.
 */
describe.skipIf(!hasBrowser)('corner tiers', () => {
  let clientId = '';
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser(ADMIN);
      const corner = await server.createUser({ ...CORNER_PERSONA, tier: 'bronze' });
      clientId = (await server.db.insertInto('clients').values({ corner_id: corner.id, type: 'persona', name: 'Giulia', surname: 'Verdi' }).returning('id').executeTakeFirstOrThrow()).id;
      // The pre-contract pack is not what this journey is about.
      await server.db.insertInto('settings').values({ key: 'rcaPrecontrattuale', value: JSON.stringify(false) }).execute();
    },
  });

  it('an admin raises a bronze corner to gold and the corner, already signed in, opens an RC Auto request without reloading', async () => {
    const url = suite.server.url;
    const corner = await openAs(suite, CORNER_PERSONA);
    await corner.goto(`${url}/clienti/${clientId}`);
    await corner.getByRole('region', { name: 'Pratiche' }).waitFor();
    const sidebar = corner.getByRole('navigation').first();
    await sidebar.getByText(LOCKED_NOTE).first().waitFor();
    expect(await sidebar.getByRole('link', { name: 'RC Auto', exact: true }).count()).toBe(0);
    expect(await sidebar.getByRole('link', { name: 'Luce e gas', exact: true }).count()).toBe(1);
    await corner.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    const admin = await openAs(suite, ADMIN);
    await admin.goto(`${url}/admin/gestione-utenti`);
    await admin.getByRole('button', { name: 'Modifica Mario Rossi' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Modifica Mario Rossi' });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Livello', exact: true }).inputValue()).toMatch(/^Bronze/);
    await choose(admin, dialog, 'Livello', /^Gold/);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    // Gold needs the RUI registration: said in Italian beside the field, nothing saved.
    await dialog.getByText("Per il livello Silver o Gold serve l'iscrizione al RUI: indica sezione e numero.").waitFor();
    await choose(admin, dialog, 'Sezione RUI', 'Sezione E');
    await dialog.getByRole('textbox', { name: 'Numero RUI', exact: true }).fill('E000123456');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await admin.getByText('Utente aggiornato.').waitFor();

    // The corner's open page hears of it: RC Auto becomes a link, and the request goes through.
    await sidebar.getByRole('link', { name: 'RC Auto', exact: true }).waitFor({ timeout: 15_000 });
    expect(await sidebar.getByText(LOCKED_NOTE).count()).toBe(0);
    await corner.getByRole('region', { name: 'Pratiche' }).getByRole('link', { name: 'Nuova pratica RC Auto' }).click();
    await corner.getByRole('heading', { name: 'Nuova pratica RC Auto' }).waitFor();
    await expect.poll(() => corner.getByRole('textbox', { name: 'Cliente (contraente)' }).inputValue()).toBe('Giulia Verdi');
    await choose(corner, corner, 'Tipo di veicolo', 'Autovettura');
    await corner.getByRole('textbox', { name: 'Targa', exact: true }).fill('AB123CD');
    await corner.getByRole('textbox', { name: 'Marca', exact: true }).fill('Fiat');
    await corner.getByRole('textbox', { name: 'Modello', exact: true }).fill('Panda');
    await choose(corner, corner, 'Alimentazione', 'Benzina');
    await corner.getByRole('textbox', { name: 'Anno di immatricolazione', exact: true }).fill('2019');
    await corner.getByRole('textbox', { name: 'Potenza (kW)', exact: true }).fill('51');
    await corner.getByRole('textbox', { name: 'Valore del veicolo (€)', exact: true }).fill('8.500');
    await corner.getByRole('textbox', { name: 'Compagnia attuale', exact: true }).fill('Compagnia Esempio S.p.A.');
    await corner.getByRole('textbox', { name: 'Scadenza della polizza', exact: true }).fill('31/03/2027');
    await choose(corner, corner, 'Classe CU (bonus-malus)', 'Classe 4');
    await corner.getByRole('textbox', { name: 'Decorrenza richiesta', exact: true }).fill('31/03/2027');
    await choose(corner, corner, 'Tipo di guida', 'Guida esperta');
    await corner.getByRole('button', { name: 'Invia la richiesta' }).click();
    await corner.getByText('Richiesta RC Auto inviata.').waitFor();
    await corner.waitForURL(/\/rca\/[0-9a-f-]{36}$/);
    expect(await corner.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  });
});
