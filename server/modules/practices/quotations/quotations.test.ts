import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { QUOTATION_MSG, RCA_LEGAL_MINIMUMS, quotationExample } from '../../../../shared/practices/quotation';
import { CONTRACT_MSG } from '../../../../shared/schemas/contract';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { QUOTATIONS_MSG } from '../../../../shared/schemas/quotations';
import { multipart, pdfOf, pngOf } from '../../files/files.fixtures';
import { useTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { EXAMPLE, PASSWORD, practicesFixtures, url, type TUser } from '../testing/practices.fixtures';

const t = useTestApp();
const UA = 'Mozilla/5.0 (Test) Quotazioni';

type TQuotationBody = { id: string; chosen: boolean; stillValid: boolean; companyId: string | null; companyName: string; ivassCode: string | null; premiumCents: number; file: { path: string; mime: string; name: string } | null };

const { call, signContract, createPractice: create, uploadDocs, people } = practicesFixtures(t, UA, { rcaPack: 'waived' });
const send = (method: 'POST' | 'PATCH', url: string, cookie: string, body: ReturnType<typeof multipart>) =>
  t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie, 'user-agent': UA } });

const world = async () => {
  const who = await people();
  return { ...who, practice: await create(who.a, who.clientA) };
};

const quotation = (overrides: Record<string, unknown> = {}) => ({ ...quotationExample(), company: 'Generali Italia S.p.A.', ...overrides });
const addQuotation = async (user: TUser, practiceId: string, overrides: Record<string, unknown> = {}) => {
  const added = await call('POST', url(practiceId, '/quotations'), user.cookie, quotation(overrides));
  expect(added.statusCode, added.body).toBe(201);
  return added.json() as TQuotationBody;
};
const historyKinds = async (user: TUser, id: string) => ((await call('GET', url(id, '/history'), user.cookie)).json() as { kind: string }[]).map((entry) => entry.kind);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('quotations: legal minimums', () => {
  it('refuses limits below the legal minimums (per field), and a bus needs its own higher minimums', async () => {
    const { a, rca, clientA, practice } = await world();
    const low = await call('POST', url(practice.id, '/quotations'), rca.cookie, quotation({ personInjuryCents: RCA_LEGAL_MINIMUMS.default.personInjuryCents - 1, propertyDamageCents: 100_000_00 }));
    expect(low.statusCode).toBe(400);
    expect(low.json().fields).toMatchObject({
      personInjuryCents: [QUOTATION_MSG.personInjuryBelowMinimum(RCA_LEGAL_MINIMUMS.default.personInjuryCents)],
      propertyDamageCents: [QUOTATION_MSG.propertyDamageBelowMinimum(RCA_LEGAL_MINIMUMS.default.propertyDamageCents)],
    });
    expect((await call('GET', url(practice.id, '/quotations'), a.cookie)).json()).toEqual([]);

    const bus = await create(a, clientA, { ...EXAMPLE, driver: null, vehicle: { ...EXAMPLE.vehicle, type: 'bus', plate: 'AB124CD', model: 'Ducato Bus' } });
    const carLimits = await call('POST', url(bus.id, '/quotations'), rca.cookie, quotation());
    expect(carLimits.statusCode).toBe(400);
    expect(carLimits.json().fields.personInjuryCents).toEqual([QUOTATION_MSG.personInjuryBelowMinimum(RCA_LEGAL_MINIMUMS.bus.personInjuryCents)]);
    expect(carLimits.json().fields.propertyDamageCents).toEqual([QUOTATION_MSG.propertyDamageBelowMinimum(RCA_LEGAL_MINIMUMS.bus.propertyDamageCents)]);
    const busLimits = await addQuotation(rca, bus.id, { ...RCA_LEGAL_MINIMUMS.bus });
    expect(busLimits).toMatchObject({ personInjuryCents: RCA_LEGAL_MINIMUMS.bus.personInjuryCents, companyName: 'Generali Italia S.p.A.', ivassCode: '1.00183' });
  });
});

describe('quotations: who adds, changes and chooses', () => {
  it('the sector’s broker adds (taking the free practice), others are refused by role; another corner and another sector answer 404', async () => {
    const { a, b, rca, rca2, lg, admin, practice } = await world();
    const byCorner = await call('POST', url(practice.id, '/quotations'), a.cookie, quotation());
    expect(byCorner.statusCode).toBe(403);
    expect(byCorner.json().message).toBe(QUOTATIONS_MSG.onlyBrokerQuotes);
    for (const user of [b, lg]) {
      expect((await call('POST', url(practice.id, '/quotations'), user.cookie, quotation())).statusCode).toBe(404);
      expect((await call('GET', url(practice.id, '/quotations'), user.cookie)).statusCode).toBe(404);
    }

    const first = await addQuotation(rca, practice.id, { premiumCents: 45_000 });
    expect(first).toMatchObject({ chosen: false, stillValid: true, companyName: 'Generali Italia S.p.A.', ivassCode: '1.00183', premiumCents: 45_000, file: null, createdByName: 'Rocco Broker' });
    expect(first.companyId).toEqual(expect.any(String));
    expect((await call('GET', url(practice.id), a.cookie)).json()).toMatchObject({ brokerId: rca.id });

    const other = await call('POST', url(practice.id, '/quotations'), rca2.cookie, quotation());
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(PRACTICE_MSG.takenBy('Rocco Broker'));
    // A company the list does not know is kept as typed; an admin may add too.
    const byAdmin = await addQuotation(admin, practice.id, { company: 'Mutua Locale Sconosciuta', premiumCents: 52_000 });
    expect(byAdmin).toMatchObject({ companyId: null, companyName: 'Mutua Locale Sconosciuta', ivassCode: null });

    for (const user of [a, rca, admin]) {
      expect(((await call('GET', url(practice.id, '/quotations'), user.cookie)).json() as TQuotationBody[]).map((row) => row.id)).toEqual([first.id, byAdmin.id]);
    }
    expect(await historyKinds(a, practice.id)).toEqual(['created', 'taken', 'quotation_added', 'quotation_added']);
  });

  it('changes are recorded with what changed; the corner (or an admin) chooses exactly one, a broker may not; a changed chosen quotation must be chosen again', async () => {
    const { a, b, rca, admin, practice } = await world();
    const first = await addQuotation(rca, practice.id, { premiumCents: 45_000 });
    const second = await addQuotation(rca, practice.id, { premiumCents: 50_000 });

    const edited = await call('PATCH', url(practice.id, `/quotations/${first.id}`), rca.cookie, quotation({ premiumCents: 43_000, instalments: 1 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ premiumCents: 43_000, instalments: 1 });
    expect((await call('PATCH', url(practice.id, `/quotations/${first.id}`), a.cookie, quotation())).statusCode).toBe(403);
    expect((await call('PATCH', url(practice.id, `/quotations/${first.id}`), b.cookie, quotation())).statusCode).toBe(404);
    expect((await call('PATCH', url(practice.id, '/quotations/00000000-0000-4000-8000-000000000000'), rca.cookie, quotation())).statusCode).toBe(404);

    const history = (await call('GET', url(practice.id, '/history'), a.cookie)).json() as { kind: string; changes: unknown[]; payload: Record<string, unknown> }[];
    const changed = history.find((entry) => entry.kind === 'quotation_changed')!;
    expect(changed.payload.quotationId).toBe(first.id);
    expect(changed.changes).toEqual([
      { path: 'instalments', from: 2, to: 1 },
      { path: 'premiumCents', from: 45_000, to: 43_000 },
    ]);

    const byBroker = await call('POST', url(practice.id, `/quotations/${first.id}/choose`), rca.cookie);
    expect(byBroker.statusCode).toBe(403);
    expect(byBroker.json().message).toBe(QUOTATIONS_MSG.onlyCornerChooses);
    expect((await call('POST', url(practice.id, `/quotations/${first.id}/choose`), b.cookie)).statusCode).toBe(404);

    const chosen = await call('POST', url(practice.id, `/quotations/${first.id}/choose`), a.cookie);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((chosen.json() as TQuotationBody[]).map((row) => [row.id, row.chosen])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    const switched = (await call('POST', url(practice.id, `/quotations/${second.id}/choose`), admin.cookie)).json() as TQuotationBody[];
    expect(switched.map((row) => row.chosen)).toEqual([false, true]);
    expect((await t.app.services.practices.quotations.chosen(t.database.db, practice.id))?.id).toBe(second.id);

    // Changing the chosen quotation un-chooses it: the corner confirms what it now says.
    await call('PATCH', url(practice.id, `/quotations/${second.id}`), rca.cookie, quotation({ premiumCents: 55_000 }));
    expect(await t.app.services.practices.quotations.chosen(t.database.db, practice.id)).toBeNull();

    // A quotation's validity starts today at the earliest (issue 26 point 4): one that expired is one whose day passed.
    const expired = await addQuotation(rca, practice.id);
    await t.database.db.updateTable('practice_quotations').set({ valid_until: yesterday() }).where('id', '=', expired.id).execute();
    const late = await call('POST', url(practice.id, `/quotations/${expired.id}/choose`), a.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(QUOTATIONS_MSG.expired);

    const kinds = await historyKinds(a, practice.id);
    expect(kinds.filter((kind) => kind === 'quotation_chosen')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'quotation_changed')).toHaveLength(2);
  });
});

describe('quotations: one chosen at a time', () => {
  it('two choices at once leave exactly one chosen quotation', async () => {
    const { a, rca, practice } = await world();
    const first = await addQuotation(rca, practice.id);
    const second = await addQuotation(rca, practice.id, { premiumCents: 51_000 });
    const answers = await Promise.all([first, second].map((row) => call('POST', url(practice.id, `/quotations/${row.id}/choose`), a.cookie)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const chosen = await t.database.db.selectFrom('practice_quotations').select('id').where('practice_id', '=', practice.id).where('chosen', '=', true).execute();
    expect(chosen).toHaveLength(1);
    expect((await t.app.services.practices.quotations.chosen(t.database.db, practice.id))?.id).toBe(chosen[0]!.id);
  });
});

describe('quotations: company and agency from the admin lists', () => {
  it('resolves the company and the agency by id or name, and refuses an agency of another company or an unknown id', async () => {
    const { a, rca, admin, practice } = await world();
    const [generali] = (await call('GET', '/api/admin/companies?q=1.00183', admin.cookie)).json() as { id: string }[];
    const [allianz] = (await call('GET', '/api/admin/companies?q=1.00152', admin.cookie)).json() as { id: string }[];
    const agency = (await call('POST', '/api/admin/agencies', admin.cookie, { companyId: generali!.id, name: 'Agenzia Roma Eur', code: 'RM9' })).json() as { id: string };

    const byId = await addQuotation(rca, practice.id, { company: generali!.id, agency: agency.id });
    expect(byId).toMatchObject({ companyId: generali!.id, companyName: 'Generali Italia S.p.A.', ivassCode: '1.00183', agencyId: agency.id, agencyName: 'Agenzia Roma Eur' });
    const byName = await addQuotation(rca, practice.id, { company: 'generali italia s.p.a.', agency: 'agenzia roma eur' });
    expect(byName).toMatchObject({ companyId: generali!.id, agencyId: agency.id });

    const otherCompany = await call('POST', url(practice.id, '/quotations'), rca.cookie, quotation({ company: allianz!.id, agency: agency.id }));
    expect(otherCompany.statusCode).toBe(400);
    expect(Object.keys(otherCompany.json().fields)).toEqual(['agency']);
    const unknown = await call('POST', url(practice.id, '/quotations'), rca.cookie, quotation({ company: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['company']);
    expect((await call('GET', url(practice.id, '/quotations'), a.cookie)).json()).toHaveLength(2);
  });
});

describe('quotations: the chosenQuotation requirement of askEmission', () => {
  it('refuses without a chosen quotation, with another one, with an expired one; allows the chosen valid one, then quotations are closed', async () => {
    const { a, rca, practice } = await world();
    await signContract(a);
    const first = await addQuotation(rca, practice.id);
    const second = await addQuotation(rca, practice.id, { premiumCents: 61_000 });
    const ask = (quotationId: string) => call('POST', url(practice.id, '/transition'), a.cookie, { to: 'askEmission', quotationId });

    const none = await ask(first.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PRACTICE_MSG.chooseQuotation);

    expect((await call('POST', url(practice.id, `/quotations/${first.id}/choose`), a.cookie)).statusCode).toBe(200);
    const mismatch = await ask(second.id);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().message).toBe(QUOTATIONS_MSG.chosenMismatch);

    // Chosen, then past its validity date.
    await t.database.db.updateTable('practice_quotations').set({ valid_until: yesterday() }).where('id', '=', first.id).execute();
    const expired = await ask(first.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(QUOTATIONS_MSG.expired);
    await t.database.db.updateTable('practice_quotations').set({ valid_until: quotationExample().validUntil }).where('id', '=', first.id).execute();

    // The documents rcaDocs marks required (the defaults: registration certificate, identity, tax code), named when missing.
    const noDocs = await ask(first.id);
    expect(noDocs.statusCode).toBe(409);
    expect(noDocs.json().message).toBe(PRACTICE_MSG.missingDocuments(['Carta di circolazione', 'Documento d’identità del contraente', 'Codice fiscale del contraente']));
    await uploadDocs(a, practice.id, ['libretto', 'tax_code', 'risk_certificate']);
    const oneMissing = await ask(first.id);
    expect(oneMissing.statusCode).toBe(409);
    expect(oneMissing.json().message).toBe('Manca il documento obbligatorio: Documento d’identità del contraente. Caricalo nella sezione Documenti della pratica.');
    expect((await call('GET', url(practice.id), a.cookie)).json().state).toBe('quotating');
    await uploadDocs(a, practice.id, ['identity_document']);

    const asked = await ask(first.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().state).toBe('askEmission');

    const closed = await call('POST', url(practice.id, '/quotations'), rca.cookie, quotation());
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(QUOTATIONS_MSG.notQuotating('Richiesta emissione'));
    expect((await call('POST', url(practice.id, `/quotations/${second.id}/choose`), a.cookie)).statusCode).toBe(409);
    expect((await call('PATCH', url(practice.id, `/quotations/${first.id}`), rca.cookie, quotation())).statusCode).toBe(409);
  });

  it('the contract guard still comes first', async () => {
    const { a, rca, practice } = await world();
    const first = await addQuotation(rca, practice.id);
    await call('POST', url(practice.id, `/quotations/${first.id}/choose`), a.cookie);
    const unsigned = await call('POST', url(practice.id, '/transition'), a.cookie, { to: 'askEmission', quotationId: first.id });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().message).toBe(CONTRACT_MSG.signRequired);
  });
});

describe('quotations: multipart REST with the PDF', () => {
  it('stores the PDF (file0) with the quotation (body part); whoever reaches the practice reads it; a non-PDF is refused and nothing is kept', async () => {
    const { a, b, rca, practice } = await world();
    const pdf = await pdfOf('Preventivo Generali');
    const body = multipart([
      { kind: 'field', field: 'body', value: JSON.stringify(quotation({ premiumCents: 47_000 })) },
      { kind: 'file', field: 'file0', filename: 'preventivo.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    const added = await send('POST', url(practice.id, '/quotations'), rca.cookie, body);
    expect(added.statusCode, added.body).toBe(201);
    const created = added.json() as TQuotationBody;
    expect(created.file).toMatchObject({ name: 'preventivo.pdf', mime: 'application/pdf' });

    const listed = (await call('GET', url(practice.id, '/quotations'), a.cookie)).json() as TQuotationBody[];
    expect(listed[0]!.file?.path).toBe(created.file!.path);
    const download = (cookie: string) => call('GET', `/api/docs/download?path_0=${encodeURIComponent(created.file!.path)}&name_0=p.pdf`, cookie);
    const read = await download(a.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(b.cookie)).statusCode).toBe(404);

    // A bad body: nothing stored.
    const invalid = multipart([
      { kind: 'field', field: 'body', value: JSON.stringify(quotation({ personInjuryCents: 1 })) },
      { kind: 'file', field: 'file0', filename: 'preventivo.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    expect((await send('POST', url(practice.id, '/quotations'), rca.cookie, invalid)).statusCode).toBe(400);
    const image = multipart([
      { kind: 'field', field: 'body', value: JSON.stringify(quotation()) },
      { kind: 'file', field: 'file0', filename: 'foto.png', content: await pngOf(20, 20), contentType: 'image/png' },
    ]);
    const notPdf = await send('POST', url(practice.id, '/quotations'), rca.cookie, image);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe(QUOTATIONS_MSG.fileNotPdf);
    expect((await call('GET', url(practice.id, '/quotations'), a.cookie)).json()).toHaveLength(1);
    const liveFiles = await t.database.db.selectFrom('files').select('name').where('subject_type', '=', 'practice-quotation').where('deleted_at', 'is', null).execute();
    expect(liveFiles.map((row) => row.name)).toEqual(['preventivo.pdf']);

    // A new PDF with the change.
    const replaced = await send(
      'PATCH',
      url(practice.id, `/quotations/${created.id}`),
      rca.cookie,
      multipart([
        { kind: 'field', field: 'body', value: JSON.stringify(quotation({ premiumCents: 46_000 })) },
        { kind: 'file', field: 'file0', filename: 'preventivo-v2.pdf', content: await pdfOf('v2'), contentType: 'application/pdf' },
      ]),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ premiumCents: 46_000, file: { name: 'preventivo-v2.pdf' } });
  });
});

describe('quotations and documents through tRPC', () => {
  it('lists, creates and chooses; practices.documents.list answers the practice’s documents to who reaches it', async () => {
    const { a, b, rca, practice } = await world();
    const broker = await createTrpcHttpCaller(t, rca.email, PASSWORD);
    const owner = await createTrpcHttpCaller(t, a.email, PASSWORD);
    const other = await createTrpcHttpCaller(t, b.email, PASSWORD);
    const created = await broker.practices.quotations.create.mutate({ sector: 'rca', id: practice.id, quotation: quotation() });
    expect(created).toMatchObject({ practiceId: practice.id, chosen: false });
    await expect(owner.practices.quotations.create.mutate({ sector: 'rca', id: practice.id, quotation: quotation() })).rejects.toBeInstanceOf(TRPCClientError);
    const chosen = await owner.practices.quotations.choose.mutate({ sector: 'rca', id: practice.id, qid: created.id });
    expect(chosen.map((row) => row.chosen)).toEqual([true]);
    expect((await owner.practices.quotations.list.query({ sector: 'rca', id: practice.id }))[0]!.createdAt).toBeInstanceOf(Date);
    await expect(other.practices.quotations.list.query({ sector: 'rca', id: practice.id })).rejects.toMatchObject({ data: { httpStatus: 404 } });

    // Documents: the corner uploads through the files module's subject 'practice'; the broker reads them.
    const upload = multipart([{ kind: 'file', field: 'file0', filename: 'libretto.pdf', content: await pdfOf('Libretto'), contentType: 'application/pdf' }]);
    const stored = await send('POST', `/api/docs/upload?subjectType=practice&subjectId=${practice.id}&docType=libretto`, a.cookie, upload);
    expect(stored.statusCode, stored.body).toBe(200);
    expect((await send('POST', `/api/docs/upload?subjectType=practice&subjectId=${practice.id}`, b.cookie, upload)).statusCode).toBe(404);
    const docs = await broker.practices.documents.list.query({ sector: 'rca', id: practice.id });
    expect(docs.map((doc) => [doc.name, doc.docType])).toEqual([['libretto.pdf', 'libretto']]);
    await expect(other.practices.documents.list.query({ sector: 'rca', id: practice.id })).rejects.toMatchObject({ data: { httpStatus: 404 } });

    // The practice's own upload route also writes the history.
    const viaPractice = await send('POST', url(practice.id, '/documents?docType=carta'), a.cookie, multipart([{ kind: 'file', field: 'file0', filename: 'carta.pdf', content: await pdfOf('Carta'), contentType: 'application/pdf' }]));
    expect(viaPractice.statusCode, viaPractice.body).toBe(201);
    expect(((await call('GET', url(practice.id, '/documents'), rca.cookie)).json() as { name: string }[]).map((doc) => doc.name)).toEqual(['libretto.pdf', 'carta.pdf']);
    expect(await historyKinds(a, practice.id)).toEqual(['created', 'taken', 'quotation_added', 'quotation_chosen', 'document_added']);
  });
});
