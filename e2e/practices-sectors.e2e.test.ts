import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MSG } from '../shared/schemas/contract';
import { switchStartDate } from '../shared/practices/utility-timeline';
import { UTILITY_ID_MSG } from '../shared/validation/utilities';
import { hasBrowser, saveScreenshot, submittedDialog, useBrowserSuite } from './browser';
import { choose, openAs, pdf, signContractByCode } from './practices-helpers';
import { ADMIN, BROKER, CORNER_PERSONA } from './shell-helpers';

const ALTRI_RAMI_BROKER = { ...BROKER, email: 'sara.conti@example.it', name: 'Sara', surname: 'Conti', brokerType: 'altri rami' as const };
const LUCE_GAS_BROKER = { ...BROKER, brokerType: 'luce e gas' as const };
const GPL_BROKER = { ...BROKER, email: 'marco.gallo@example.it', name: 'Marco', surname: 'Gallo', brokerType: 'gpl' as const };

type TSuite = ReturnType<typeof useBrowserSuite>;

/** Fills a text input found by its exact label inside `scope`. */
const fill = (scope: Page | Locator, label: string, value: string) => scope.getByRole('textbox', { name: label, exact: true }).fill(value);

/** Runs a transition of the open practice through its button and dialog (the dialog confirms with the same label). */
const transition = async (page: Page, label: string, fillDialog?: (dialog: Locator) => Promise<void>) => {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await fillDialog?.(dialog);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await page.getByText(`${label}: fatto.`).first().waitFor();
};

/** Uploads each [document label, file name] on the open practice and waits for it to be listed. */
const uploadDocs = async (page: Page, docs: readonly (readonly [string, string])[]) => {
  for (const [label, name] of docs) {
    await page.getByLabel(`Carica: ${label}`, { exact: true }).setInputFiles(await pdf(name, label));
    await page.getByRole('listitem', { name, exact: true }).waitFor();
  }
};

/** Today in Italy as the suppliers write it (GG/MM/AAAA). */
const todayIt = () => new Date().toLocaleDateString('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });

/** A utility broker takes the activation from the worklist and starts work on it. */
const takeAndStart = async (broker: Page, url: string, title: string, practicePath: string) => {
  await broker.goto(url);
  const work = broker.getByRole('row').filter({ hasText: title });
  await work.waitFor({ timeout: 15_000 });
  await work.getByRole('button', { name: `Prendi in carico ${title}` }).click();
  await broker.getByText(`Hai preso in carico ${title}.`).waitFor();
  await broker.waitForURL(`${url}${practicePath}`);
  await transition(broker, 'Prendi in lavorazione');
};

/** Selects the activation on the worklist and exports it as CSV: the file's text. */
const exportSelected = async (broker: Page, url: string, title: string, sector: string) => {
  await broker.goto(url);
  await broker.getByRole('checkbox', { name: `Seleziona ${title}` }).check();
  await broker.getByText('1 selezionata').waitFor();
  const [download] = await Promise.all([broker.waitForEvent('download'), broker.getByRole('button', { name: 'Esporta CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^attivazioni-${sector}-.*\\.csv$`));
  await broker.getByText('Esportata 1 attivazione.').waitFor();
  return readFile(await download.path(), 'utf8');
};

/** Imports a supplier's outcome file on the worklist and checks the report: the row applied to the activation. */
const importOutcomes = async (broker: Page, csv: string, title: string) => {
  await broker.getByRole('button', { name: 'Importa esiti' }).click();
  const dialog = broker.getByRole('dialog', { name: 'Importa esiti del fornitore' });
  await dialog.getByLabel('File degli esiti').setInputFiles({ name: 'esiti.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Importa', exact: true }).click();
  await expect.poll(() => dialog.getByTestId('outcome-summary').innerText()).toBe('Applicate: 1 · Non applicate: 0');
  const applied = dialog.locator('[data-status="applied"]');
  await applied.getByRole('link', { name: title }).waitFor();
  await dialog.getByRole('button', { name: 'Chiudi' }).last().click();
};

/** The practice's «Provvigioni» card lists the commission earned. */
const expectCommission = async (page: Page, text: string | RegExp) => {
  const card = page.getByRole('region', { name: 'Provvigioni' });
  await expect.poll(async () => (await card.innerText()).replace(/\u00a0/g, ' '), { timeout: 15_000 }).toMatch(text);
};

const seedClient = async (server: TSuite['server']) => {
  const corner = await server.createUser(CORNER_PERSONA);
  const client = await server.db
    .insertInto('clients')
    .values({
      corner_id: corner.id,
      type: 'persona',
      name: 'Giulia',
      surname: 'Verdi',
      email: 'giulia.verdi@example.it',
      phone: '+393471112233',
      cf: 'VRDGLI90L42L219Q',
      ...{ street: 'Via Po', street_number: '12', cap: '10123', comune_istat: '001272', comune_name: 'Torino', province_sigla: 'TO' },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return client.id;
};

/** The admin's product (issue 29), built through the admin's REST as an integrator would: a condition and a required document. */
const CASA_SERENA = {
  name: 'Casa Serena',
  description: 'Multirischi dell’abitazione con garanzia furto.',
  content: {
    questionnaire: {
      sections: [
        {
          key: 'dwelling',
          title: 'Abitazione',
          questions: [
            { key: 'street', type: 'text', label: 'Indirizzo dell’abitazione', required: true },
            { key: 'squareMetres', type: 'number', label: 'Superficie (m²)', required: true, integer: true, min: 10, max: 2000 },
            { key: 'hasAlarm', type: 'yesNo', label: 'È presente un impianto d’allarme?', required: true },
            { key: 'alarmKind', type: 'text', label: 'Tipo di allarme', required: true, showWhen: { question: 'hasAlarm', op: 'isTrue' } },
          ],
        },
      ],
    },
    documents: [{ key: 'planimetria', name: 'Planimetria dell’abitazione', required: true }],
    commission: { kind: 'percent', percent: 15 },
  },
};

/** The admin's REST session on the test server (sign-in, then JSON calls with its cookie). */
const adminApi = async (url: string) => {
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }) });
  expect(login.status).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return async (method: 'POST' | 'PATCH', path: string, body?: object) => {
    const response = await fetch(`${url}${path}`, { method, headers: { cookie, origin: url, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return (await response.json()) as Record<string, unknown>;
  };
};

/**
 * The sectors after RC Auto, in the browser: an altri rami policy of an admin-built product from request to issue
 * (two contexts; the admin's version 2 does not change it), a dual-fuel
 * switch from request to activation, a GPL request with a tank on loan, and the surety form rendering.
 */
describe.skipIf(!hasBrowser)('practice sectors: altri rami, luce e gas, GPL, fideiussioni', () => {
  let clientId = '';
  const suite = useBrowserSuite({
    onReady: async (server) => {
      clientId = await seedClient(server);
      await server.createUser(ADMIN);
      await server.createUser(ALTRI_RAMI_BROKER);
      await server.createUser(LUCE_GAS_BROKER);
      await server.createUser(GPL_BROKER);
    },
  });

  it('altri rami: a corner requests a policy of the admin’s product (its condition shown and hidden), the broker quotes and issues it; version 2 leaves it on version 1', async () => {
    const url = suite.server.url;
    const errors: string[] = [];
    const title = 'Casa Serena · Via Vittor Pisani 16';
    const admin = await adminApi(url);
    const product = await admin('POST', '/api/admin/products/altri-rami', CASA_SERENA);
    await admin('POST', `/api/admin/products/altri-rami/${String(product.id)}/publish`);

    const broker = await openAs(suite, ALTRI_RAMI_BROKER);
    broker.on('pageerror', (error) => errors.push(`broker: ${error.message}`));
    await broker.getByRole('heading', { name: 'Pratiche da lavorare' }).waitFor();

    const corner = await openAs(suite, CORNER_PERSONA);
    corner.on('pageerror', (error) => errors.push(`corner: ${error.message}`));
    await signContractByCode(suite, corner, CORNER_PERSONA.email);

    // The request, through the form.
    await corner.goto(`${url}/altri-rami/nuova?cliente=${clientId}`);
    await corner.getByRole('heading', { name: 'Nuova pratica Altri rami' }).waitFor();
    await expect.poll(() => corner.getByRole('textbox', { name: 'Cliente (contraente)' }).inputValue()).toBe('Giulia Verdi');
    // The form starts with the product; its questionnaire follows, the condition showing and hiding its question.
    await corner.getByRole('textbox', { name: 'Prodotto', exact: true }).click();
    await corner.getByRole('option', { name: 'Casa Serena', exact: true }).click();
    await fill(corner, 'Descrizione del rischio', 'Appartamento di 85 m² al terzo piano: incendio, furto e responsabilità civile verso terzi.');
    await fill(corner, 'Decorrenza richiesta', '01/03/2027');
    await fill(corner, 'Indirizzo dell’abitazione', 'Via Vittor Pisani 16');
    await corner.getByRole('textbox', { name: /^Superficie \(m²\)/ }).fill('85');
    const alarm = corner.getByRole('radiogroup', { name: /È presente un impianto d’allarme\?/ });
    const alarmKind = corner.getByRole('textbox', { name: /^Tipo di allarme/ });
    expect(await alarmKind.count()).toBe(0);
    await alarm.getByRole('radio', { name: 'Sì' }).check();
    await alarmKind.waitFor();
    await alarm.getByRole('radio', { name: 'No' }).check();
    await alarmKind.waitFor({ state: 'detached' });
    await alarm.getByRole('radio', { name: 'Sì' }).check();
    await alarmKind.fill('Volumetrico collegato alla vigilanza');
    await corner.getByRole('button', { name: 'Invia la richiesta' }).click();
    await corner.getByText('Richiesta Altri rami inviata.').waitFor();
    await corner.waitForURL(/\/altri-rami\/[0-9a-f-]{36}$/);
    const practicePath = new URL(corner.url()).pathname;

    // The broker takes it from its home worklist.
    const work = broker.getByRole('row').filter({ hasText: title });
    await work.waitFor({ timeout: 15_000 });
    await work.getByRole('button', { name: `Prendi in carico ${title}` }).click();
    await broker.getByText(`Hai preso in carico ${title}.`).waitFor();
    await broker.waitForURL(`${url}${practicePath}`);

    // One quotation: premium, insured sum, one named cover, its PDF.
    await broker.getByRole('button', { name: 'Aggiungi preventivo' }).click();
    const dialog = broker.getByRole('dialog', { name: 'Nuovo preventivo' });
    await choose(broker, dialog, 'Compagnia', /^Generali Italia/);
    await fill(dialog, 'Premio annuo lordo (€)', '320');
    await fill(dialog, 'Somma assicurata o massimale (€)', '250.000');
    await dialog.getByRole('button', { name: 'Aggiungi garanzia' }).click();
    await dialog.getByRole('textbox', { name: 'Garanzia', exact: true }).last().fill('Incendio del fabbricato');
    await dialog.getByLabel('PDF del preventivo').setInputFiles(await pdf('preventivo-casa.pdf', 'Preventivo Casa e famiglia 320 euro'));
    await dialog.getByText('Scelto: preventivo-casa.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await submittedDialog(dialog, broker.getByText('Preventivo aggiunto.').last());

    // The corner compares (the insured sum row) and chooses it.
    const compare = corner.getByRole('table', { name: 'Confronto dei preventivi' });
    await expect.poll(() => compare.innerText(), { timeout: 15_000 }).toMatch(/320,00/);
    await compare.getByRole('row').filter({ hasText: 'Somma assicurata' }).getByText(/250\.000,00/).waitFor();
    expect(await compare.innerText()).toMatch(/Incendio del fabbricato/);
    await saveScreenshot(corner, 'practices-sectors-altri-rami-compare');
    await corner.getByRole('button', { name: /Scegli il preventivo di Generali/ }).click();
    await corner.getByText(/Hai scelto il preventivo/).waitFor();

    // Before the click, the page says what asking for issue still needs: the sector's documents and the product's.
    await corner.getByTestId('practice-action-needs').getByText(/^Mancano i documenti obbligatori: .*Planimetria dell’abitazione/).waitFor();
    await uploadDocs(corner, [
      ['Documento d’identità del contraente', 'carta-identita.pdf'],
      ['Codice fiscale del contraente', 'tessera-sanitaria.pdf'],
      ['Planimetria dell’abitazione', 'planimetria.pdf'],
    ]);
    // The pre-contract pack, a duty for altri rami too: the sector's own demands-and-needs questions (a home's, not a
    // car's), then the form signed on paper, its scan uploaded.
    const pack = corner.getByRole('region', { name: 'Documenti precontrattuali' });
    await pack.getByRole('button', { name: 'Compila il questionario' }).click();
    const questionnaire = corner.getByRole('dialog', { name: 'Questionario delle esigenze e richieste' });
    await choose(corner, questionnaire, 'Che cosa vuole proteggere il cliente?', 'La casa e i beni che contiene');
    await choose(corner, questionnaire, 'Quanto ampia deve essere la copertura?', 'I rischi principali e alcune garanzie aggiuntive');
    await choose(corner, questionnaire, 'Quale somma assicurata ritiene adeguata?', 'Da 100.000 a 500.000 €');
    await choose(corner, questionnaire, 'Accetta una franchigia per un premio più basso?', 'Sì, una franchigia contenuta');
    await choose(corner, questionnaire, 'Che cosa conta di più per il cliente?', 'Un equilibrio tra premio e copertura');
    await choose(corner, questionnaire, 'Come preferisce pagare il premio?', 'In un’unica rata annuale');
    for (const question of ['Ha altre polizze in corso sugli stessi rischi?', 'Ha avuto sinistri sugli stessi rischi negli ultimi cinque anni?']) {
      await questionnaire.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'No' }).check();
    }
    expect(await questionnaire.innerText()).not.toMatch(/veicolo|chilometri|scatola nera/i);
    await questionnaire.getByRole('button', { name: 'Salva' }).click();
    await corner.getByText('Questionario salvato.').waitFor();
    await pack.getByLabel('Carica: modulo precontrattuale firmato su carta').setInputFiles(await pdf('modulo-precontrattuale-firmato.pdf', 'Modulo unico precontrattuale firmato'));
    await pack.getByRole('listitem', { name: 'modulo-precontrattuale-firmato.pdf', exact: true }).waitFor();
    await pack.getByRole('button', { name: 'Registra la firma su carta' }).click();
    await corner.getByText('Firma su carta registrata.').waitFor();

    await transition(corner, 'Richiedi emissione');
    await corner.getByLabel('Stato: Richiesta emissione').waitFor();

    // The broker files the policy and issues it.
    await broker.getByRole('button', { name: 'Emetti polizza' }).waitFor({ timeout: 15_000 });
    await broker.getByLabel('Carica: Polizza emessa', { exact: true }).setInputFiles(await pdf('polizza-casa.pdf', 'Polizza Casa n. 2027/AR/000077'));
    await broker.getByRole('listitem', { name: 'polizza-casa.pdf', exact: true }).waitFor();
    await transition(broker, 'Emetti polizza', async (emit) => {
      await fill(emit, 'Numero di polizza', '2027/AR/000077');
      await fill(emit, 'Decorrenza', '01/03/2027');
      await fill(emit, 'Scadenza', '01/03/2028');
    });

    // The corner sees it issued, with its commission (15% of 320,00 €).
    await corner.getByLabel('Stato: Emessa').waitFor({ timeout: 15_000 });
    const policy = corner.getByRole('region', { name: 'Polizza e pagamento' });
    await policy.getByText('2027/AR/000077').waitFor();
    await expect.poll(() => policy.innerText()).toMatch(/Provvigione[\s\S]*48,00/);
    await saveScreenshot(corner, 'practices-sectors-altri-rami-emitted');
    // An issued policy is closed: it leaves the broker's worklist (picking its state still finds it).
    await broker.goto(url);
    await broker.getByRole('heading', { name: 'Nessuna pratica Altri rami da lavorare' }).waitFor();

    // The admin publishes version 2 with a question reworded: the practice still shows version 1 and its wording.
    await admin('PATCH', `/api/admin/products/altri-rami/${String(product.id)}`, {
      content: { ...CASA_SERENA.content, questionnaire: { sections: [{ ...CASA_SERENA.content.questionnaire.sections[0]!, questions: CASA_SERENA.content.questionnaire.sections[0]!.questions.map((question) => (question.key === 'hasAlarm' ? { ...question, label: 'L’abitazione ha un sistema d’allarme?' } : question)) }] } },
    });
    await admin('POST', `/api/admin/products/altri-rami/${String(product.id)}/publish`);
    await corner.reload();
    const answers = corner.getByRole('region', { name: 'Questionario' });
    await answers.getByText('È presente un impianto d’allarme?').waitFor({ timeout: 15_000 });
    expect(await answers.innerText()).toMatch(/Volumetrico collegato alla vigilanza/);
    expect(await corner.getByText('L’abitazione ha un sistema d’allarme?').count()).toBe(0);
    await corner.getByText(/versione 1/i).first().waitFor();
    expect(errors).toEqual([]);
    // The whole of issue 29's journey in two browsers: longer than the suite's default on a loaded machine.
  }, 300_000);

  it('luce e gas and GPL: a dual-fuel switch and a GPL tank on loan are exported, activated by the supplier’s outcome file and earn their commission, taken back when the supply ends early; the surety form renders', async () => {
    const url = suite.server.url;
    const errors: string[] = [];
    const title = 'Luce e gas · Via Po 12, 10123 Torino (TO)';

    const broker = await openAs(suite, LUCE_GAS_BROKER);
    broker.on('pageerror', (error) => errors.push(`broker: ${error.message}`));
    await broker.getByRole('heading', { name: 'Pratiche da lavorare' }).waitFor();

    const corner = await openAs(suite, CORNER_PERSONA);
    corner.on('pageerror', (error) => errors.push(`corner: ${error.message}`));
    // The contract was signed in the first journey (same server); sign it here when this test runs alone.
    await corner.goto(`${url}/documenti`);
    const contract = corner.getByRole('region', { name: 'Contratto di collaborazione' });
    const signButton = contract.getByRole('button', { name: 'Firma con OTP' });
    await signButton.or(contract.getByText(/Hai firmato il contratto/)).waitFor();
    if (await signButton.isVisible()) await signContractByCode(suite, corner, CORNER_PERSONA.email);

    // A dual-fuel switch; a typo in the POD shows at once, then is fixed.
    await corner.goto(`${url}/luce-e-gas/nuova?cliente=${clientId}`);
    await corner.getByRole('heading', { name: 'Nuova pratica Luce e gas' }).waitFor();
    await expect.poll(() => corner.getByRole('textbox', { name: 'Cliente (contraente)' }).inputValue()).toBe('Giulia Verdi');
    await corner.getByRole('radio', { name: 'Luce e gas', exact: true }).check();
    await choose(corner, corner, 'Operazione', 'Cambio fornitore');
    await fill(corner, 'Fornitore attuale', 'Enel Energia S.p.A.');
    // The supply address starts from the client's (its comune from the list of comuni, the province from it).
    await expect.poll(() => corner.getByRole('textbox', { name: 'Via o piazza', exact: true }).inputValue()).toBe('Via Po');
    expect(await corner.getByRole('textbox', { name: 'Numero civico', exact: true }).inputValue()).toBe('12');
    expect(await corner.getByRole('textbox', { name: 'CAP', exact: true }).inputValue()).toBe('10123');
    expect(await corner.getByRole('textbox', { name: 'Comune', exact: true }).inputValue()).toBe('Torino (TO)');
    expect(await corner.getByRole('textbox', { name: 'Provincia (sigla)', exact: true }).inputValue()).toBe('TO');
    const pod = corner.getByRole('textbox', { name: 'POD', exact: true });
    await pod.pressSequentially('IT012F0');
    const podError = corner.getByText(UTILITY_ID_MSG.podFormat);
    await podError.waitFor();
    expect(await pod.getAttribute('aria-invalid')).toBe('true');
    await pod.fill('IT012E00456781');
    await podError.waitFor({ state: 'detached' });
    const luce = corner.getByRole('group', { name: 'Luce', exact: true });
    await choose(corner, luce, 'Uso', 'Domestico residente');
    await fill(luce, 'Consumo annuo (kWh)', '2700');
    await fill(luce, 'Potenza impegnata (kW)', '3');
    const gas = corner.getByRole('group', { name: 'Gas', exact: true });
    await fill(gas, 'PDR', '00881234567890');
    await choose(corner, gas, 'Uso', 'Riscaldamento');
    await fill(gas, 'Consumo annuo (Smc)', '1100');
    await choose(corner, corner, 'Offerta', 'Luce Chiara S.p.A. · Casa Sicura Dual');
    await fill(corner, 'IBAN per l’addebito diretto (SEPA)', 'IT60X0542811101000000123456');
    await corner.getByRole('button', { name: 'Invia la richiesta' }).click();
    await corner.getByText('Richiesta Luce e gas inviata.').waitFor();
    await corner.waitForURL(/\/luce-e-gas\/[0-9a-f-]{36}$/);
    const practicePath = new URL(corner.url()).pathname;
    await corner.getByLabel('Stato: Inviata').waitFor();
    // The switch's expected start follows the by-the-10th rule from today's request.
    const today = new Date().toISOString().slice(0, 10);
    const start = switchStartDate(today).split('-').reverse().join('/');
    await corner.getByText(new RegExp(`^${start} \\(richiesta del `)).waitFor();
    // The offer's documents, required before the broker starts work.
    await uploadDocs(corner, [
      ['Ultima bolletta', 'bolletta-enel.pdf'],
      ['Documento d’identità del cliente', 'carta-identita-verdi.pdf'],
    ]);

    // The broker takes it and starts work (the offer's documents are there), then activates it from the worklist:
    // exports it for the supplier's portal and imports the supplier's outcome file.
    await takeAndStart(broker, url, title, practicePath);
    const exported = await exportSelected(broker, url, title, 'luce-e-gas');
    expect(exported).toContain('IT012E00456781');
    expect(exported).toContain('00881234567890');
    await importOutcomes(broker, `Codice;Esito;Data;Motivo\nIT012E00456781;Attivata;${todayIt()};\n`, title);

    // The corner sees it activated, with the offer's commission.
    await corner.goto(`${url}${practicePath}`);
    await corner.getByLabel('Stato: Attivata').waitFor({ timeout: 15_000 });
    await expectCommission(corner, '+90,00 €');
    await corner.getByText(/Se la fornitura cessa prima del \d\d\/\d\d\/\d{4} la provvigione sarà stornata\./).waitFor();
    await saveScreenshot(corner, 'practices-sectors-luce-gas-activated');

    // The supplier reports the supply ended the same day: within the offer's 12 months, so the commission is taken back.
    await broker.goto(url);
    await importOutcomes(broker, `POD;Esito;Data cessazione\nIT012E00456781;Cessata;${todayIt()}\n`, title);
    await corner.getByLabel('Stato: Cessata').waitFor({ timeout: 15_000 });
    await expectCommission(corner, /Storno provvigione[\s\S]*-90,00 €[\s\S]*Totale netto\s+0,00 €/);
    // A ceased supply is closed: it leaves the worklist, which still offers the import of the supplier's outcomes.
    await broker.getByRole('heading', { name: 'Nessuna pratica Luce e gas da lavorare' }).waitFor();
    await broker.getByRole('button', { name: 'Importa esiti' }).waitFor();

    // A GPL request with a tank on loan, from request to active supply the same way (its code is the practice's).
    const gplBroker = await openAs(suite, GPL_BROKER);
    gplBroker.on('pageerror', (error) => errors.push(`gpl broker: ${error.message}`));
    await corner.goto(`${url}/gpl/nuova?cliente=${clientId}`);
    await corner.getByRole('heading', { name: 'Nuova pratica GPL' }).waitFor();
    await expect.poll(() => corner.getByRole('textbox', { name: 'Cliente (contraente)' }).inputValue()).toBe('Giulia Verdi');
    await corner.getByRole('checkbox', { name: 'Riscaldamento', exact: true }).check();
    await corner.getByRole('checkbox', { name: 'Acqua calda', exact: true }).check();
    await choose(corner, corner, 'Tipo di fornitura', 'Serbatoio in comodato');
    await fill(corner, 'Consumo annuo (litri)', '1500');
    await fill(corner, 'Capacità del serbatoio (litri)', '1000');
    await fill(corner, 'Via o piazza', 'Strada della Collina');
    await fill(corner, 'Numero civico', '45');
    await fill(corner, 'Comune', 'Pecetto');
    await corner.getByRole('option', { name: 'Pecetto Torinese (TO)', exact: true }).click();
    await fill(corner, 'CAP', '10020');
    await choose(corner, corner, 'Offerta', 'Gas Valle S.r.l. · GPL Casa Comodato');
    await corner.getByRole('radio', { name: 'Bonifico bancario', exact: true }).check();
    await corner.getByRole('button', { name: 'Invia la richiesta' }).click();
    await corner.getByText('Richiesta GPL inviata.').waitFor();
    await corner.waitForURL(/\/gpl\/[0-9a-f-]{36}$/);
    const gplPath = new URL(corner.url()).pathname;
    const gplId = gplPath.split('/').at(-1)!;
    await uploadDocs(corner, [
      ['Documento d’identità del cliente', 'carta-identita-verdi-gpl.pdf'],
      ['Titolo di proprietà o consenso del proprietario', 'atto-proprieta.pdf'],
    ]);
    const gplTitle = await corner.getByRole('heading', { level: 1 }).innerText();
    await takeAndStart(gplBroker, url, gplTitle, gplPath);
    expect(await exportSelected(gplBroker, url, gplTitle, 'gpl')).toContain(gplId);
    await importOutcomes(gplBroker, `Codice;Esito;Data\n${gplId};Attivata;${todayIt()}\n`, gplTitle);
    await corner.getByLabel('Stato: Attivata').waitFor({ timeout: 15_000 });
    await expectCommission(corner, '+120,00 €');
    await corner.goto(`${url}/gpl`);
    const row = corner.getByRole('row').filter({ hasText: 'Pecetto Torinese' });
    await row.getByText('Attivata').first().waitFor();
    await row.getByText('Gas Valle S.r.l. · GPL Casa Comodato').waitFor();

    // The surety form renders.
    await corner.goto(`${url}/fideiussioni/nuova`);
    await corner.getByRole('heading', { name: 'Nuova pratica Fideiussioni' }).waitFor();
    await corner.getByRole('textbox', { name: 'Tipo di fideiussione', exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
