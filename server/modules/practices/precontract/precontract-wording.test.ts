import { describe, expect, it } from 'vitest';
import { altriRamiDefinition } from '../../../../shared/practices/altri-rami';
import { fideiussioniDefinition } from '../../../../shared/practices/fideiussioni';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { PRECONTRACT_MSG, PRECONTRACT_QUESTIONNAIRE_EXAMPLE } from '../../../../shared/schemas/precontract';
import { SECTORS } from '../../../../shared/sectors';
import { useTestApp } from '../../../testing/test-app';
import { practicesFixtures } from '../testing/practices.fixtures';

// Issue 26 point 5: the pack of an altri rami or fideiussioni practice spoke of "polizza RC Auto".
const t = useTestApp();
const { call, user, signContract, uploadDocs, quoteAndChoose, completeIntermediary } = practicesFixtures(t, 'Mozilla/5.0 (Test) Precontrattuale settori');

describe.each([
  ['altri-rami', altriRamiDefinition, 'la polizza Casa e famiglia'],
  ['fideiussioni', fideiussioniDefinition, `la fideiussione (${'Cauzione provvisoria (gara d’appalto)'.toLocaleLowerCase('it')})`],
] as [string, TAnySectorDefinition, string][])('the pre-contract pack of %s', (_slug, definition, product) => {
  it(`names ${product} in the e-mail to the client, never RC Auto, and addresses the client with "Lei"`, async () => {
    const sector = definition.sector;
    await completeIntermediary();
    const a = await user('a@example.it', 'corner', 'Anna');
    const broker = await user('b@example.it', 'broker', 'Bruno', SECTORS[sector].brokerType);
    await signContract(a);
    const clientId = (await t.database.db.insertInto('clients').values({ corner_id: a.id, type: 'persona', name: 'Luca', surname: 'Bianchi', email: 'luca@example.it' }).returning('id').executeTakeFirstOrThrow()).id;
    const created = await call('POST', `/api/practices/${sector}`, a.cookie, { clientId, data: definition.example });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    const required = ((created.json() as { requiredDocs: { docType: string; required: boolean }[] }).requiredDocs).filter((doc) => doc.required).map((doc) => doc.docType);
    await uploadDocs(a, id, required, sector);
    await quoteAndChoose(broker, a, id, 30_000, 'Compagnia Esempio S.p.A.', sector);
    // Its own demands-and-needs questions (art. 58), never a car's: RC Auto's answers are refused on them.
    const pack = (await call('GET', `/api/practices/${sector}/${id}/precontract`, a.cookie)).json() as { required: boolean; questions: { key: string; label: string }[] };
    expect(pack.required).toBe(true);
    expect(pack.questions.map((question) => question.key)).toEqual(definition.insurance!.questionnaire.questions.map((question) => question.key));
    expect(pack.questions.map((question) => question.label).join('\n')).not.toMatch(/veicolo|chilometri|scatola nera/);
    const rcaAnswers = await call('PUT', `/api/practices/${sector}/${id}/precontract/questionnaire`, a.cookie, PRECONTRACT_QUESTIONNAIRE_EXAMPLE);
    expect(rcaAnswers.statusCode).toBe(400);
    expect(Object.keys(rcaAnswers.json().fields)).toContain(definition.insurance!.questionnaire.questions[0]!.key);
    expect((await call('PUT', `/api/practices/${sector}/${id}/precontract/questionnaire`, a.cookie, definition.insurance!.questionnaire.example)).statusCode).toBe(200);
    const sent = await call('POST', `/api/practices/${sector}/${id}/precontract/send`, a.cookie, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = (await t.readMails()).find((entry) => entry.subject === PRECONTRACT_MSG.linkMailSubject)!;
    expect(mail.body).toContain(`documenti precontrattuali per ${product} che ha richiesto`);
    expect(mail.body).not.toMatch(/RC Auto|\bti\b|hai richiesto|scriva a /);
    // The code's e-mail too: the client is addressed with "Lei", the support address after "all’indirizzo".
    const token = /\/firma-precontrattuale\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const otp = await t.app.inject({ method: 'POST', url: `/api/public/precontract/${token}/otp`, headers: { 'user-agent': 'Mozilla/5.0 (Cliente)' } });
    expect(otp.statusCode, otp.body).toBe(200);
    const codeMail = (await t.readMails()).find((entry) => entry.subject === PRECONTRACT_MSG.otpMailSubject)!;
    expect(codeMail.body).toContain('inserisca questo codice');
    expect(codeMail.body).toContain('scriva all’indirizzo');
    expect(codeMail.body).not.toMatch(/\bte\b|\bti\b|hai richiesto|scrivi a /);
  });
});
