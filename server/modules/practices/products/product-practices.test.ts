import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import { altriRamiDefinition } from '../../../../shared/practices/altri-rami';
import { PRACTICE_PRODUCT_MSG } from '../../../../shared/products/practice-product';
import { ANSWER_MSG } from '../../../../shared/products/messages';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import type { TPracticeSchemaDocument } from '../../../../shared/schemas/practice-live';
import { useTestApp } from '../../../testing/test-app';
import { practicesFixtures, type TUser } from '../testing/practices.fixtures';

/**
 * Issue 29: practices of a product the admin builds, through REST. The practice names the product and the version
 * it was filled with; that version's questionnaire checks the answers (conditions included), its documents are
 * required before asking for issue and its commission is what the policy earns; a new version or retiring the
 * product never changes an old practice, which still goes from request to issue.
 */
const t = useTestApp();
const { call, corner, staff, clientOf, signContract, uploadDocs, quoteAndChoose, signPack, uploadPolicyDocs, completeIntermediary } = practicesFixtures(
  t,
  'Mozilla/5.0 (Test) Prodotti nelle pratiche',
);

const SECTOR = 'altri-rami';
const BASE = `/api/practices/${SECTOR}`;

const questionnaire = (alarmLabel: string) => ({
  sections: [
    {
      key: 'home',
      title: 'Abitazione',
      questions: [
        { key: 'squareMetres', type: 'number', label: 'Superficie (m²)', required: true, integer: true, min: 10, max: 2000 },
        { key: 'hasAlarm', type: 'yesNo', label: 'È presente un allarme?', required: true },
        { key: 'alarmKind', type: 'text', label: alarmLabel, showWhen: { question: 'hasAlarm', op: 'isTrue' }, required: true },
      ],
    },
  ],
});
const CONTENT = {
  questionnaire: questionnaire('Tipo di allarme'),
  documents: [{ key: 'planimetria', name: 'Planimetria', required: true }],
  commission: { kind: 'fixed', cents: 5_000 },
};

/** The people, and a product «Casa Plus» built and published by the admin (version 1). */
const world = async () => {
  const admin = await staff('admin@example.it', 'admin', undefined, 'Ada');
  const broker = await staff('broker@example.it', 'broker', 'altri rami', 'Sara');
  const a = await corner('a@example.it', 'Anna');
  const created = await call('POST', `/api/admin/products/${SECTOR}`, admin.cookie, { name: 'Casa Plus', description: 'Casa con allarme', content: CONTENT });
  expect(created.statusCode, created.body).toBe(201);
  const productId = (created.json() as { id: string }).id;
  const published = await call('POST', `/api/admin/products/${SECTOR}/${productId}/publish`, admin.cookie);
  expect(published.statusCode, published.body).toBe(201);
  return { admin, broker, a, productId, clientA: await clientOf(a.id) };
};

const dataOf = (productId: string, version: number, answers: Record<string, unknown>) => ({
  ...altriRamiDefinition.example,
  product: { id: productId, version },
  answers,
});

const create = (who: TUser, clientId: string, data: unknown) => call('POST', BASE, who.cookie, { clientId, data });

describe('practices of an admin-built product', () => {
  it('checks the answers with the version’s questionnaire (conditions too) and stores the version’s snapshot', async () => {
    const { a, productId, clientA } = await world();
    const missing = await create(a, clientA, dataOf(productId, 1, { squareMetres: 5, hasAlarm: true }));
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().fields).toEqual({ 'answers.squareMetres': [expect.any(String)], 'answers.alarmKind': [ANSWER_MSG.required] });
    const notAsked = await create(a, clientA, dataOf(productId, 1, { squareMetres: 80, hasAlarm: false, alarmKind: 'Perimetrale' }));
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json().fields).toEqual({ 'answers.alarmKind': [ANSWER_MSG.notAsked] });
    const unknown = await create(a, clientA, dataOf('00000000-0000-4000-8000-00000000ffff', 1, {}));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'product.id': [PRACTICE_PRODUCT_MSG.productUnknown] });
    expect((await call('GET', BASE, a.cookie)).json()).toEqual([]);

    const created = await create(a, clientA, { ...dataOf(productId, 1, { squareMetres: 80, hasAlarm: true, alarmKind: 'Perimetrale' }), product: { id: productId, version: 1, name: 'Finto', commission: { kind: 'fixed', cents: 99_999_00 } } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().title).toBe('Casa Plus · Perimetrale');
    expect(created.json().data).toMatchObject({
      product: { id: productId, version: 1, name: 'Casa Plus', documents: CONTENT.documents, commission: CONTENT.commission },
      answers: { squareMetres: 80, hasAlarm: true, alarmKind: 'Perimetrale' },
    });
    // The product's document joins the sector's in what the practice needs.
    expect(created.json().requiredDocs).toContainEqual({ docType: 'planimetria', label: 'Planimetria', required: true });
  });

  it('a new version or retiring the product leaves the old practice on its version; new practices must use the latest of an active product', async () => {
    const { admin, a, productId, clientA } = await world();
    const first = (await create(a, clientA, dataOf(productId, 1, { squareMetres: 80, hasAlarm: true, alarmKind: 'Perimetrale' }))).json() as { id: string };

    const patched = await call('PATCH', `/api/admin/products/${SECTOR}/${productId}`, admin.cookie, { name: 'Casa Plus 2027', content: { ...CONTENT, questionnaire: questionnaire('Sistema di allarme installato') } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await call('POST', `/api/admin/products/${SECTOR}/${productId}/publish`, admin.cookie)).json()).toMatchObject({ version: 2 });

    const old = (await call('GET', `${BASE}/${first.id}`, a.cookie)).json();
    expect(old.data.product).toMatchObject({ version: 1, name: 'Casa Plus' });
    expect(old.title).toBe('Casa Plus · Perimetrale');
    // Its own version still reads with version 1's labels.
    const v1 = await call('GET', `/api/products/${SECTOR}/${productId}/versions/1`, a.cookie);
    expect(v1.json().content.questionnaire.sections[0].questions[2].label).toBe('Tipo di allarme');
    // A change keeping its version is checked against it (a merge patch: `null` removes the answer no longer asked).
    const kept = await call('PATCH', `${BASE}/${first.id}`, a.cookie, { data: dataOf(productId, 1, { squareMetres: 90, hasAlarm: false, alarmKind: null }) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ product: { version: 1, name: 'Casa Plus' }, answers: { squareMetres: 90, hasAlarm: false } });

    const outdated = await create(a, clientA, dataOf(productId, 1, { squareMetres: 80, hasAlarm: false }));
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json().fields).toEqual({ 'product.version': [PRACTICE_PRODUCT_MSG.versionOutdated(2)] });
    const second = await create(a, clientA, dataOf(productId, 2, { squareMetres: 70, hasAlarm: false }));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.product).toMatchObject({ version: 2, name: 'Casa Plus 2027' });

    // Lists filter by product, any version.
    const listed = await call('GET', `${BASE}?productId=${productId}`, a.cookie);
    expect(listed.headers['x-total-count']).toBe('2');
    expect((await call('GET', `${BASE}?productId=00000000-0000-4000-8000-00000000ffff`, a.cookie)).json()).toEqual([]);
    expect((await call('GET', `${BASE}?productId=casa`, a.cookie)).statusCode).toBe(400);

    const retired = await call('PATCH', `/api/admin/products/${SECTOR}/${productId}`, admin.cookie, { active: false });
    expect(retired.statusCode).toBe(200);
    const refused = await create(a, clientA, dataOf(productId, 2, { squareMetres: 70, hasAlarm: false }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'product.id': [PRACTICE_PRODUCT_MSG.productRetired] });
    // Its practices keep working.
    const stillEditable = await call('PATCH', `${BASE}/${first.id}`, a.cookie, { data: dataOf(productId, 1, { squareMetres: 95, hasAlarm: false }) });
    expect(stillEditable.statusCode, stillEditable.body).toBe(200);
    expect((await call('GET', `/api/products/${SECTOR}`, a.cookie)).json().map((product: { productId: string }) => product.productId)).not.toContain(productId);
  });

  it('a retired product’s practice goes from request to issue: its documents are required, its commission is earned', async () => {
    const { admin, broker, a, productId, clientA } = await world();
    await completeIntermediary();
    const practice = (await create(a, clientA, dataOf(productId, 1, { squareMetres: 80, hasAlarm: false }))).json() as { id: string };
    expect((await call('PATCH', `/api/admin/products/${SECTOR}/${productId}`, admin.cookie, { active: false })).statusCode).toBe(200);

    await signContract(a);
    const quotationId = await quoteAndChoose(broker, a, practice.id, 40_000, 'Compagnia Esempio S.p.A.', SECTOR);
    await signPack(a, practice.id, SECTOR);
    await uploadDocs(a, practice.id, ['identity_document', 'tax_code'], SECTOR);
    const noPlan = await call('POST', `${BASE}/${practice.id}/transition`, a.cookie, { to: 'askEmission', quotationId });
    expect(noPlan.statusCode).toBe(409);
    expect(noPlan.json().message).toBe(PRACTICE_MSG.missingDocuments(['Planimetria']));
    await uploadDocs(a, practice.id, ['planimetria'], SECTOR);
    const asked = await call('POST', `${BASE}/${practice.id}/transition`, a.cookie, { to: 'askEmission', quotationId });
    expect(asked.statusCode, asked.body).toBe(200);

    await uploadPolicyDocs(broker, practice.id, SECTOR);
    const emitted = await call('POST', `${BASE}/${practice.id}/transition`, broker.cookie, { to: 'emitted', policyNumber: 'AR-1', effectiveDate: '2027-01-01', expiryDate: '2028-01-01' });
    expect(emitted.statusCode, emitted.body).toBe(200);
    expect(emitted.json()).toMatchObject({ state: 'emitted' });
    // The product's fixed commission (50 €), not the sector's 15% of the premium (60 €).
    const entries = await t.database.db.selectFrom('ledger_entries').select(['kind', 'amount_cents']).where('practice_id', '=', practice.id).execute();
    expect(entries.map((entry) => [entry.kind, Number(entry.amount_cents)])).toEqual([['commission', 5_000]]);
  });

  it('the sector’s schema document lists each active product with the JSON Schema of its data and an example that creates a practice', async () => {
    const { a, productId, clientA } = await world();
    const document = (await call('GET', `${BASE}/schema`, a.cookie)).json() as TPracticeSchemaDocument;
    const entry = document.products?.find((product) => product.id === productId);
    expect(entry).toMatchObject({ name: 'Casa Plus', version: 1 });
    const validate = new Ajv2020({ strict: false }).compile(entry!.jsonSchema);
    expect(validate(entry!.example), JSON.stringify(validate.errors)).toBe(true);
    const created = await create(a, clientA, entry!.example);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.product).toMatchObject({ id: productId, version: 1 });
    expect((await call('GET', '/api/practices/rca/schema', a.cookie)).json().products).toBeNull();
  });
});
