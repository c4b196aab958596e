import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MSG } from '../shared/schemas/contract';
import { DEFAULT_PRECONTRACT_TEMPLATE, PRECONTRACT_INTERMEDIARY_EXAMPLE, PRECONTRACT_MSG } from '../shared/schemas/precontract';
import { PRACTICE_MSG } from '../shared/schemas/practices';
import { hasBrowser, saveScreenshot, submittedDialog, useBrowserSuite } from './browser';
import { choose, codeMailed, openAs, pdf } from './practices-helpers';
import { BROKER, CORNER_PERSONA } from './shell-helpers';

const RCA_BROKER = { ...BROKER, email: 'paolo.riva@example.it', name: 'Paolo', surname: 'Riva', brokerType: 'RC Auto' as const };
const CLIENT_EMAIL = 'giulia.verdi@example.it';
const TITLE = 'Fiat Panda AB123CD';

/**
 * Issue 15, the RC Auto journey in two contexts (and the client's public signing page): a corner requests a motor
 * quote; the RC Auto broker, watching its worklist, sees it appear, takes it and adds two quotations with their
 * PDFs; the corner compares them and chooses one, is refused issue before signing its contract and gets it after,
 * once the client has signed the pre-contract pack by code; the broker issues the policy with its document; the
 * corner sees 'Emessa', the policy and the payment request.
 */
describe.skipIf(!hasBrowser)('RC Auto: from request to issued policy', () => {
  let clientId = '';
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const corner = await server.createUser(CORNER_PERSONA);
      await server.createUser(RCA_BROKER);
      const client = await server.db
        .insertInto('clients')
        .values({ corner_id: corner.id, type: 'persona', name: 'Giulia', surname: 'Verdi', email: CLIENT_EMAIL, phone: '+393471112233', cf: 'VRDGLI90L42L219Q' })
        .returning('id')
        .executeTakeFirstOrThrow();
      clientId = client.id;
      // The pre-contract pack is asked for before issue by default (rcaPrecontrattuale); the intermediary's data of the
      // form are still the template's blanks: the journey meets the refusal first.
    },
  });

  it('a corner and the RC Auto broker carry a practice from request to issued policy', async () => {
    const url = suite.server.url;
    const errors: string[] = [];

    // The broker watches its worklist.
    const broker = await openAs(suite, RCA_BROKER);
    broker.on('pageerror', (error) => errors.push(`broker: ${error.message}`));
    await broker.getByRole('heading', { name: 'Pratiche da lavorare' }).waitFor();

    // The corner requests a quote for its client.
    const corner = await openAs(suite, CORNER_PERSONA);
    corner.on('pageerror', (error) => errors.push(`corner: ${error.message}`));
    await corner.goto(`${url}/rca/nuova?cliente=${clientId}`);
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
    await corner.getByRole('checkbox', { name: 'Furto e incendio' }).check();
    await corner.getByRole('button', { name: 'Invia la richiesta' }).click();
    await corner.getByText('Richiesta RC Auto inviata.').waitFor();
    await corner.waitForURL(/\/rca\/[0-9a-f-]{36}$/);
    const practicePath = new URL(corner.url()).pathname;

    // It appears in the broker's worklist without a reload; the broker takes it.
    const work = broker.getByRole('row').filter({ hasText: TITLE });
    await work.waitFor({ timeout: 15_000 });
    await work.getByRole('button', { name: `Prendi in carico ${TITLE}` }).click();
    await broker.getByText(`Hai preso in carico ${TITLE}.`).waitFor();
    await broker.waitForURL(`${url}${practicePath}`);
    await broker.getByText('In carico a Paolo Riva').waitFor();

    // Two quotations, each with its PDF.
    const addQuotation = async (premium: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
      await broker.getByRole('button', { name: 'Aggiungi preventivo' }).click();
      const dialog = broker.getByRole('dialog', { name: 'Nuovo preventivo' });
      await choose(broker, dialog, 'Compagnia', premium === '480' ? /^Generali Italia/ : /^Allianz S\.p\.A\./);
      await dialog.getByRole('textbox', { name: 'Premio annuo lordo (€)' }).fill(premium);
      await dialog.getByRole('checkbox', { name: 'Furto e incendio' }).check();
      await dialog.getByLabel('PDF del preventivo').setInputFiles(file);
      // The pick is shown before the quotation is sent (on a loaded machine a click can come before it is taken).
      await dialog.getByText(`Scelto: ${file.name}`).waitFor();
      await dialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
      await submittedDialog(dialog, broker.getByText('Preventivo aggiunto.').last());
    };
    await addQuotation('480', await pdf('preventivo-generali.pdf', 'Preventivo Generali 480 euro'));
    await addQuotation('455,50', await pdf('preventivo-allianz.pdf', 'Preventivo Allianz 455,50 euro'));
    const compare = broker.getByRole('table', { name: 'Confronto dei preventivi' });
    await expect.poll(() => compare.innerText()).toMatch(/Generali[\s\S]*Allianz|Allianz[\s\S]*Generali/);

    // The corner compares them side by side (live) and chooses the cheaper one.
    const cornerCompare = corner.getByRole('table', { name: 'Confronto dei preventivi' });
    await expect.poll(() => cornerCompare.innerText(), { timeout: 15_000 }).toMatch(/455,50/);
    expect(await cornerCompare.innerText()).toMatch(/480,00/);
    await saveScreenshot(corner, 'practices-journey-compare');
    await corner.getByRole('button', { name: /Scegli il preventivo di Allianz/ }).click();
    await corner.getByText(/Hai scelto il preventivo/).waitFor();

    // Asking for issue before the contract is signed: refused, with the way to Documenti.
    await corner.getByRole('button', { name: 'Richiedi emissione' }).click();
    const ask = corner.getByRole('dialog');
    await ask.getByRole('button', { name: 'Richiedi emissione' }).click();
    await ask.getByRole('link', { name: 'Vai a Documenti per firmare il contratto' }).waitFor();
    await saveScreenshot(corner, 'practices-journey-contract-guard');
    await corner.keyboard.press('Escape');

    // The corner signs its contract by code.
    await corner.goto(`${url}/documenti`);
    const contract = corner.getByRole('region', { name: 'Contratto di collaborazione' });
    await contract.getByRole('button', { name: 'Firma con OTP' }).click();
    const sign = corner.getByRole('dialog', { name: 'Firma il contratto con OTP' });
    await sign.getByRole('button', { name: 'Invia codice' }).click();
    await sign.getByText(/Scade tra \d+:\d\d/).waitFor();
    const contractCode = await codeMailed(suite, CORNER_PERSONA.email, CONTRACT_MSG.otpMailSubject);
    await sign.getByRole('textbox', { name: 'Cifra 1 di 6 del codice' }).click();
    await corner.keyboard.type(contractCode);
    await sign.getByRole('button', { name: 'Firma', exact: true }).click();
    await corner.getByText('Contratto firmato.').waitFor();

    // Back to the practice: the pre-contract pack is still missing, so issue is still refused.
    await corner.goto(`${url}${practicePath}`);
    const pack = corner.getByRole('region', { name: 'Documenti precontrattuali' });
    await pack.getByRole('button', { name: 'Compila il questionario' }).click();
    const questionnaire = corner.getByRole('dialog');
    await choose(corner, questionnaire, 'Di quale copertura ha bisogno il cliente?', 'Solo la responsabilità civile obbligatoria (RC Auto)');
    await choose(corner, questionnaire, 'Che cosa conta di più per il cliente?', 'Un equilibrio tra premio e copertura');
    await choose(corner, questionnaire, 'Chi guida il veicolo?', 'Il contraente e i familiari conviventi');
    await choose(corner, questionnaire, 'Quanti chilometri percorre in un anno?', 'Fino a 10.000 km');
    await choose(corner, questionnaire, 'Come preferisce pagare il premio?', 'Indifferente');
    await questionnaire.getByRole('radiogroup', { name: 'Ha altre polizze in corso sugli stessi rischi?' }).getByRole('radio', { name: 'No' }).check();
    await questionnaire.getByRole('radiogroup', { name: 'Accetta la scatola nera per un premio più basso?' }).getByRole('radio', { name: 'Sì' }).check();
    await questionnaire.getByRole('button', { name: 'Salva' }).click();
    await corner.getByText('Questionario salvato.').waitFor();
    // The intermediary's data are incomplete: the pack does not leave, and the missing ones are named.
    await pack.getByRole('button', { name: 'Invia al cliente per la firma' }).click();
    await pack.getByText(/nei dati dell’intermediario mancano la denominazione, il numero di iscrizione al RUI/).waitFor();
    expect((await suite.server.readMails()).filter((item) => item.subject === PRECONTRACT_MSG.linkMailSubject)).toEqual([]);
    // The admin completes them (the settings page's form, tested on its own); the pack then goes out.
    await suite.server.db
      .insertInto('precontract_templates')
      .values({ content: JSON.stringify({ ...DEFAULT_PRECONTRACT_TEMPLATE, intermediary: PRECONTRACT_INTERMEDIARY_EXAMPLE }), created_by: null })
      .execute();
    await pack.getByRole('button', { name: 'Invia al cliente per la firma' }).click();
    await corner.getByText(/Abbiamo inviato al cliente/).waitFor();

    // The client (no account) opens the link mailed to it and signs with a code: a wrong one first.
    const linkMail = (await suite.server.readMails()).filter((item) => item.to.includes(CLIENT_EMAIL) && item.subject === PRECONTRACT_MSG.linkMailSubject).at(-1);
    const link = /https?:\/\/[^\s]+\/firma-precontrattuale\/[A-Za-z0-9_-]+/.exec(linkMail?.body ?? '')?.[0];
    expect(link, 'the signing link mailed to the client').toBeTruthy();
    const client = await suite.openPage(new URL(link!).pathname);
    await client.getByRole('heading', { name: 'Documenti precontrattuali' }).waitFor();
    await client.getByRole('button', { name: 'Invia il codice' }).click();
    await client.getByText(PRECONTRACT_MSG.otpSent('g***@example.it')).waitFor();
    const clientCode = await codeMailed(suite, CLIENT_EMAIL, PRECONTRACT_MSG.otpMailSubject);
    const wrong = String((Number(clientCode) + 1) % 1_000_000).padStart(6, '0');
    await client.getByRole('textbox').first().click();
    await client.keyboard.type(wrong);
    await client.getByRole('button', { name: 'Firma i documenti' }).click();
    await client.getByRole('alert').filter({ hasText: CONTRACT_MSG.otpWrong(4) }).waitFor();
    await client.getByRole('textbox').first().click();
    for (let index = 0; index < 6; index += 1) await client.keyboard.press('Backspace');
    await client.getByRole('textbox').first().click();
    await client.keyboard.type(clientCode);
    await client.getByRole('button', { name: 'Firma i documenti' }).click();
    await client.getByText(PRECONTRACT_MSG.signed).waitFor();

    // The documents rcaDocs requires are still missing: refused, naming them; the corner uploads them.
    await corner.reload();
    await corner.getByRole('button', { name: 'Richiedi emissione' }).click();
    await corner.getByRole('dialog').getByRole('button', { name: 'Richiedi emissione' }).click();
    await corner.getByRole('dialog').getByText(PRACTICE_MSG.missingDocuments(['Carta di circolazione', 'Documento d’identità del contraente', 'Codice fiscale del contraente'])).waitFor();
    await corner.keyboard.press('Escape');
    for (const [label, name] of [
      ['Carta di circolazione', 'libretto-AB123CD.pdf'],
      ['Documento d’identità del contraente', 'carta-identita.pdf'],
      ['Codice fiscale del contraente', 'tessera-sanitaria.pdf'],
    ] as const) {
      await corner.getByLabel(`Carica: ${label}`, { exact: true }).setInputFiles(await pdf(name, label));
      await corner.getByRole('listitem', { name, exact: true }).waitFor();
    }

    // Now the corner asks for issue, and the payment request is raised.
    await corner.getByRole('button', { name: 'Richiedi emissione' }).click();
    await corner.getByRole('dialog').getByRole('button', { name: 'Richiedi emissione' }).click();
    await corner.getByText('Richiedi emissione: fatto.').waitFor();
    await corner.getByLabel('Stato: Richiesta emissione').waitFor();

    // The broker's open page follows; the broker files the policy and issues it.
    await broker.getByRole('button', { name: 'Emetti polizza' }).waitFor({ timeout: 15_000 });
    await broker.getByLabel('Carica: Polizza emessa', { exact: true }).setInputFiles(await pdf('polizza-AB123CD.pdf', 'Polizza RC Auto n. 2027/RCA/001234'));
    await broker.getByRole('listitem', { name: 'polizza-AB123CD.pdf', exact: true }).waitFor();
    await broker.getByLabel('Carica: Certificato di assicurazione', { exact: true }).setInputFiles(await pdf('certificato-AB123CD.pdf', 'Certificato di assicurazione RC Auto AB123CD'));
    await broker.getByRole('listitem', { name: 'certificato-AB123CD.pdf', exact: true }).waitFor();
    await broker.getByRole('button', { name: 'Emetti polizza' }).click();
    const emit = broker.getByRole('dialog');
    await emit.getByRole('textbox', { name: 'Numero di polizza' }).fill('2027/RCA/001234');
    await emit.getByRole('textbox', { name: 'Decorrenza' }).fill('31/03/2027');
    await emit.getByRole('textbox', { name: 'Scadenza' }).fill('31/03/2028');
    await emit.getByRole('button', { name: 'Emetti polizza' }).click();
    await broker.getByText('Emetti polizza: fatto.').waitFor();

    // The corner sees it issued, with the policy, its document and the payment request.
    await corner.getByLabel('Stato: Emessa').waitFor({ timeout: 15_000 });
    const policy = corner.getByRole('region', { name: 'Polizza e pagamento' });
    await policy.getByText('2027/RCA/001234').waitFor();
    await policy.getByText('Da pagare').waitFor();
    await corner.getByRole('listitem', { name: 'polizza-AB123CD.pdf', exact: true }).waitFor();
    await corner.getByRole('listitem', { name: 'certificato-AB123CD.pdf', exact: true }).waitFor();
    await saveScreenshot(corner, 'practices-journey-emitted');
    await corner.goto(`${url}/pagamenti`);
    await corner.getByText(`Premio RC Auto ${TITLE}`, { exact: false }).first().waitFor();
    expect(errors).toEqual([]);
    // The whole journey, some sixty steps over three pages: about 35 s on an idle machine, up to 60 s on CI's two cores
    // busy with lint and typecheck beside the tests.
  }, 300_000);
});
