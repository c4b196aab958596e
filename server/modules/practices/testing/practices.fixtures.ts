import { beforeEach, expect } from 'vitest';
import type { TBrokerType } from '../../../../shared/constants';
import { DEFAULT_PRECONTRACT_TEMPLATE, PRECONTRACT_DOC_TYPES, PRECONTRACT_INTERMEDIARY_EXAMPLE } from '../../../../shared/schemas/precontract';
import { rcaDefinition } from '../../../../shared/practices/rca';
import { practiceDefinition } from '../../../../shared/practices/registry';
import { RCA_SETTINGS_DEFAULTS } from '../../../../shared/practices/rca-settings';
import type { TSectorSlug } from '../../../../shared/sectors';
import { multipart, pdfOf } from '../../files/files.fixtures';
import { CONTRACT_MSG } from '../../../../shared/schemas/contract';
import type { TTestApp } from '../../../testing/test-app';

/**
 * Test-only: the people and the world of the practices' tests (server/modules/practices/*.test.ts), through the
 * public API of a test app (`useTestApp`), every request with the test file's user agent.
 */
export const PASSWORD = 'Segreta123';
export const CF = 'RSSMRA85T10A562S';
export const EXAMPLE = rcaDefinition.example;

export type TUser = { id: string; email: string; cookie: string };
export type TRole = 'corner' | 'admin' | 'broker';

/** The 6-digit code of a code e-mail (the body's indented line). */
export const codeIn = (body: string | undefined) => /^\s{4}(\d{6})\s*$/m.exec(body ?? '')?.[1];

export const url = (id: string, tail = '') => `/api/practices/rca/${id}${tail}`;

/** The documents a RC Auto request needs before asking for issue (the default `rcaDocs` marked required). */
export const RCA_REQUIRED_DOC_TYPES = RCA_SETTINGS_DEFAULTS.rcaDocs.filter((doc) => doc.required).map((doc) => doc.docType);

/**
 * The fixtures of the practices' tests. `rcaPack: 'waived'` makes each test of the file start with the admin's
 * waiver of the RC Auto pre-contract pack (`rcaPrecontrattuale` false; on by default), for the suites about
 * something else; `waiveRcaPack()` does the same for the tests of one describe block.
 */
export const practicesFixtures = (t: TTestApp, userAgent: string, options: { rcaPack?: 'waived' } = {}) => {
  const waiveRcaPack = () =>
    beforeEach(async () => {
      await t.database.db
        .insertInto('settings')
        .values({ key: 'rcaPrecontrattuale', value: JSON.stringify(false) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(false) }))
        .execute();
    });
  if (options.rcaPack === 'waived') waiveRcaPack();

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url: path, headers: { cookie, 'user-agent': userAgent }, ...(payload ? { payload } : {}) });

  /** A user of any role with a complete profile (surname Rossi), signed in. */
  const user = async (email: string, role: TRole, name: string, brokerType?: TBrokerType): Promise<TUser> => {
    const { id } = await t.createUser({ email, password: PASSWORD, role, name, surname: 'Rossi', cf: CF, phone: '3331234567', ...(brokerType ? { brokerType } : {}) });
    return { id, email, cookie: await t.login(email, PASSWORD) };
  };

  /** A corner with a complete profile (so that it can sign its contract), signed in. */
  const corner = async (email: string, name = 'Mario'): Promise<TUser> => {
    const { id } = await t.createUser({ email, password: PASSWORD, name, surname: 'Rossi', cf: CF, phone: '3331234567' });
    return { id, email, cookie: await t.login(email, PASSWORD) };
  };

  /** An admin or a broker (surname Broker), signed in. */
  const staff = async (email: string, role: 'admin' | 'broker', brokerType?: TBrokerType, name = 'Bruno'): Promise<TUser> => {
    const { id } = await t.createUser({ email, password: PASSWORD, role, name, surname: 'Broker', cf: CF, phone: '3330000000', ...(brokerType ? { brokerType } : {}) });
    return { id, email, cookie: await t.login(email, PASSWORD) };
  };

  /** A client of the corner's book, written straight into the database. */
  const clientOf = async (cornerId: string, surname = 'Bianchi') =>
    (await t.database.db.insertInto('clients').values({ corner_id: cornerId, type: 'persona', name: 'Luca', surname }).returning('id').executeTakeFirstOrThrow()).id;

  /** Signs the corner's contract through its public API (code by e-mail). */
  const signContract = async (who: TUser) => {
    expect((await call('POST', '/api/docs/contract/otp', who.cookie)).statusCode).toBe(200);
    const mails = (await t.readMails()).filter((mail) => mail.to.includes(who.email) && mail.subject === CONTRACT_MSG.otpMailSubject);
    const code = codeIn(mails.at(-1)?.body);
    if (!code) throw new Error(`no code mailed to ${who.email}`);
    const signed = await call('POST', '/api/docs/contract/sign', who.cookie, { otp: code });
    expect(signed.statusCode, signed.body).toBe(200);
  };

  /** A practice of the client, created by `who` (201). */
  const createPractice = async (who: TUser, clientId: string, data: unknown = EXAMPLE) => {
    const created = await call('POST', '/api/practices/rca', who.cookie, { clientId, data });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string; state: string };
  };

  const transition = (who: TUser, id: string, body: object) => call('POST', url(id, '/transition'), who.cookie, body);

  /** Uploads one small PDF per document type on the practice (`POST /api/practices/:sector/:id/documents?docType=`). */
  const uploadDocs = async (who: TUser, id: string, docTypes: readonly string[] = RCA_REQUIRED_DOC_TYPES, sector: TSectorSlug = 'rca') => {
    for (const docType of docTypes) {
      const body = multipart([{ kind: 'file', field: 'file0', filename: `${docType}.pdf`, content: await pdfOf(docType), contentType: 'application/pdf' }]);
      const uploaded = await t.app.inject({ method: 'POST', url: `/api/practices/${sector}/${id}/documents?docType=${docType}`, headers: { cookie: who.cookie, 'user-agent': userAgent, ...body.headers }, payload: body.payload });
      expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    }
  };

  /**
   * A quotation of `premiumCents` added by `quoter` (the sector's broker, who then has the practice, or an admin)
   * and chosen by `chooser` (the corner or an admin), through the quotations part's REST; answers its id.
   */
  const quoteAndChoose = async (quoter: TUser, chooser: TUser, id: string, premiumCents: number, companyName = 'Assicurazioni Esempio S.p.A.', sector: TSectorSlug = 'rca') => {
    const example = practiceDefinition(sector).quotation!.example() as object;
    const added = await call('POST', `/api/practices/${sector}/${id}/quotations`, quoter.cookie, { ...example, company: companyName, premiumCents });
    expect(added.statusCode, added.body).toBe(201);
    const quotationId = (added.json() as { id: string }).id;
    const chosen = await call('POST', `/api/practices/${sector}/${id}/quotations/${quotationId}/choose`, chooser.cookie);
    expect(chosen.statusCode, chosen.body).toBe(200);
    return quotationId;
  };

  /**
   * The pre-contract pack signed on paper by `who` (the practice's corner or an admin): a scan uploaded with docType
   * `precontractSigned`, then declared (`POST .../precontract/paper`), for the quotation chosen.
   */
  const signPack = async (who: TUser, id: string, sector: TSectorSlug = 'rca') => {
    await uploadDocs(who, id, [PRECONTRACT_DOC_TYPES.paper], sector);
    const paper = await call('POST', `/api/practices/${sector}/${id}/precontract/paper`, who.cookie, {});
    expect(paper.statusCode, paper.body).toBe(200);
  };

  /** The issued policy's documents of the sector (`insurance.policyDocs`), uploaded by the broker before issuing. */
  const uploadPolicyDocs = (who: TUser, id: string, sector: TSectorSlug = 'rca') =>
    uploadDocs(who, id, (practiceDefinition(sector).insurance?.policyDocs ?? []).map((doc) => doc.docType), sector);

  /** The form's template with the intermediary's data complete (a pack is refused while they are missing). */
  const completeIntermediary = async () => {
    await t.database.db
      .insertInto('precontract_templates')
      .values({ content: JSON.stringify({ ...DEFAULT_PRECONTRACT_TEMPLATE, intermediary: PRECONTRACT_INTERMEDIARY_EXAMPLE }), created_by: null })
      .execute();
  };

  /** The people of most tests: corners A and B, two RC Auto brokers, a luce e gas broker, an admin; a client of A. */
  const people = async () => {
    const a = await corner('a@example.it', 'Anna');
    const b = await corner('b@example.it', 'Bea');
    const rca = await staff('rca@example.it', 'broker', 'RC Auto', 'Rocco');
    const rca2 = await staff('rca2@example.it', 'broker', 'RC Auto', 'Renato');
    const lg = await staff('lg@example.it', 'broker', 'luce e gas', 'Lucio');
    const admin = await staff('admin@example.it', 'admin', undefined, 'Ada');
    const clientA = await clientOf(a.id);
    return { a, b, rca, rca2, lg, admin, clientA };
  };

  return { call, user, corner, staff, clientOf, signContract, createPractice, transition, uploadDocs, quoteAndChoose, signPack, waiveRcaPack, completeIntermediary, uploadPolicyDocs, people };
};
