import { describe, expect, it } from 'vitest';
import { quotationExample } from '../shared/practices/quotation';
import { rcaDefinition } from '../shared/practices/rca';
import { CONTRACT_MSG } from '../shared/schemas/contract';
import { DEFAULT_PRECONTRACT_TEMPLATE, PRECONTRACT_INTERMEDIARY_EXAMPLE, PRECONTRACT_MSG, PRECONTRACT_QUESTIONNAIRE_EXAMPLE } from '../shared/schemas/precontract';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';

const CLIENT_EMAIL = 'giulia.verdi@example.it';
const PASSWORD = 'Segreta123';

/** The client (no platform account) opens the link mailed to it, asks for a code, types a wrong one, then the right one. */
describe.skipIf(!hasBrowser)('public pre-contract signing page', () => {
  let token = '';
  const suite = useBrowserSuite({
    onReady: async (server) => {
      const login = async (email: string) => {
        const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
        const cookie = response.cookies.find((entry) => entry.name === 'sid');
        if (!cookie) throw new Error(`no session for ${email}`);
        return `sid=${cookie.value}`;
      };
      const corner = await server.createUser({ email: 'anna.rossi@example.it', password: PASSWORD, role: 'corner', name: 'Anna', surname: 'Rossi', cf: 'RSSMRA85T10A562S', phone: '3331234567' });
      await server.createUser({ email: 'rocco.rc@example.it', password: PASSWORD, role: 'broker', brokerType: 'RC Auto', name: 'Rocco', surname: 'Broker', cf: 'RSSMRA85T10A562S', phone: '3330000000' });
      const cornerCookie = await login('anna.rossi@example.it');
      const brokerCookie = await login('rocco.rc@example.it');
      const call = async (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
        const response = await server.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
        if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
        return response.json() as { id: string };
      };
      // No pack leaves while the intermediary's data of the form are blank (issue 26 point 10): an admin filled them.
      await server.db
        .insertInto('precontract_templates')
        .values({ content: JSON.stringify({ ...DEFAULT_PRECONTRACT_TEMPLATE, intermediary: PRECONTRACT_INTERMEDIARY_EXAMPLE }), created_by: null })
        .execute();
      const client = await server.db
        .insertInto('clients')
        .values({ corner_id: corner.id, type: 'persona', name: 'Giulia', surname: 'Verdi', email: CLIENT_EMAIL, cf: 'VRDGLI90L42L219Q' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const practice = await call(cornerCookie, 'POST', '/api/practices/rca', { clientId: client.id, data: rcaDefinition.example });
      await call(brokerCookie, 'POST', `/api/practices/rca/${practice.id}/take`);
      const quotation = await call(brokerCookie, 'POST', `/api/practices/rca/${practice.id}/quotations`, quotationExample());
      await call(cornerCookie, 'POST', `/api/practices/rca/${practice.id}/quotations/${quotation.id}/choose`);
      await call(cornerCookie, 'PUT', `/api/practices/rca/${practice.id}/precontract/questionnaire`, PRECONTRACT_QUESTIONNAIRE_EXAMPLE);
      await call(cornerCookie, 'POST', `/api/practices/rca/${practice.id}/precontract/send`);
      const mail = (await server.readMails()).find((entry) => entry.to.includes(CLIENT_EMAIL) && entry.subject === PRECONTRACT_MSG.linkMailSubject);
      token = /\/firma-precontrattuale\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
      if (!token) throw new Error('no signing link mailed');
    },
  });

  it('shows the pack, signs it with the code from the e-mail after a wrong one, then offers the signed copy', async () => {
    const page = await suite.openPage(`/firma-precontrattuale/${token}`, PHONE);
    await page.getByRole('heading', { name: 'Documenti precontrattuali' }).waitFor();
    await page.getByText(/Gentile Giulia Verdi, Anna Rossi per conto di/).waitFor();
    await page.getByRole('link', { name: 'Informativa precontrattuale e questionario (PDF)' }).waitFor();
    await page.getByRole('button', { name: 'Invia il codice' }).click();
    await page.getByText(PRECONTRACT_MSG.otpSent('g***@example.it')).waitFor();
    await saveScreenshot(page, 'precontract-sign-code-phone');

    const mail = (await suite.server.readMails()).filter((entry) => entry.to.includes(CLIENT_EMAIL) && entry.subject === PRECONTRACT_MSG.otpMailSubject).at(-1);
    const code = /^\s{4}(\d{6})\s*$/m.exec(mail?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // Each box of the code is announced in Italian, not as the widget's name.
    for (let index = 1; index <= 6; index += 1) await page.getByRole('textbox', { name: `Cifra ${index} di 6 del codice`, exact: true }).waitFor();
    const input = page.getByRole('textbox', { name: 'Cifra 1 di 6 del codice' });
    await input.click();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Firma i documenti' }).click();
    await page.getByRole('alert').filter({ hasText: CONTRACT_MSG.otpWrong(4) }).waitFor();

    await input.click();
    for (let index = 0; index < 6; index += 1) await page.keyboard.press('Backspace');
    await input.click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Firma i documenti' }).click();
    await page.getByText(PRECONTRACT_MSG.signed).waitFor();
    await page.getByRole('link', { name: 'Documenti firmati (PDF)' }).waitFor();
    await saveScreenshot(page, 'precontract-signed-phone');
  });

  it('answers a made-up link with the Italian message', async () => {
    const page = await suite.openPage(`/firma-precontrattuale/${'x'.repeat(43)}`);
    await page.getByRole('alert').filter({ hasText: PRECONTRACT_MSG.linkInvalid }).waitFor();
  });
});
