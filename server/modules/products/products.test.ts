import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import { answersSchemaOf } from '../../../shared/products/answers';
import { EXAMPLE_QUESTIONNAIRE } from '../../../shared/products/example-questionnaire';
import { ZProductContent } from '../../../shared/schemas/products';
import { PRODUCT_MSG, type TProduct, type TProductVersion } from '../../../shared/schemas/products';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

// Issue 29: the products the admin builds — drafts checked by the questionnaire model, published as numbered frozen
// versions (append-only in the database), retired never deleted, offered to corners at their latest version, any
// version readable for the practices that name it; admins only for the catalogue, audited.
const t = useTestApp();
const PASSWORD = 'Segreta123';
const BASE = '/api/admin/products/altri-rami';

const HOME = {
  sections: [
    {
      key: 'home',
      title: 'Abitazione',
      questions: [
        { key: 'squareMetres', type: 'number', label: 'Superficie (m²)', required: true, integer: true, min: 10, max: 2000 },
        { key: 'hasAlarm', type: 'yesNo', label: 'È presente un allarme?', required: true },
        { key: 'alarmKind', type: 'text', label: 'Tipo di allarme', showWhen: { question: 'hasAlarm', op: 'isTrue' }, required: true },
      ],
    },
  ],
};
const CONTENT = { questionnaire: HOME, documents: [{ key: 'planimetria', name: 'Planimetria', required: true }], commission: { kind: 'percent', percent: 12.5 } };

const people = async () => {
  await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
  await t.createUser({ email: 'corner@example.it', password: PASSWORD });
  await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker', brokerType: 'altri rami' });
  return { admin: await t.login('admin@example.it', PASSWORD), corner: await t.login('corner@example.it', PASSWORD), broker: await t.login('broker@example.it', PASSWORD) };
};

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: 'http://localhost:3000' }, ...(payload ? { payload } : {}) });

describe('products the admin builds', () => {
  it('creates a draft, publishes numbered frozen versions, and offers the latest active one to corners', async () => {
    const { admin, corner } = await people();
    const created = await call('POST', BASE, admin, { name: 'Casa Serena', description: 'Incendio e furto dell’abitazione', content: CONTENT });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as TProduct;
    expect(created.headers.location).toBe(`${BASE}/${product.id}`);
    expect(product).toMatchObject({ sector: 'altri-rami', name: 'Casa Serena', active: true, latestVersion: null, draftChanged: true, versions: [] });
    // Not offered before its first version (the catalogue migrated from before issue 29 is).
    const offeredIds = async () => ((await call('GET', '/api/products/altri-rami', corner)).json() as TProductVersion[]).map((entry) => entry.productId);
    expect(await offeredIds()).toHaveLength(12);
    expect(await offeredIds()).not.toContain(product.id);

    const v1 = await call('POST', `${BASE}/${product.id}/publish`, admin);
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json()).toMatchObject({ productId: product.id, version: 1, name: 'Casa Serena', content: { commission: { kind: 'percent', percent: 12.5 } } });
    const again = await call('POST', `${BASE}/${product.id}/publish`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRODUCT_MSG.nothingToPublish);

    // A new draft: version 2; version 1 stays as it was.
    const changed = { ...CONTENT, commission: { kind: 'fixed', cents: 2_500 } };
    const patched = await call('PATCH', `${BASE}/${product.id}`, admin, { content: changed, name: 'Casa Serena Plus' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ latestVersion: 1, draftChanged: true });
    expect((await call('POST', `${BASE}/${product.id}/publish`, admin)).json()).toMatchObject({ version: 2, name: 'Casa Serena Plus' });
    expect(v1.headers.location).toBe(`/api/products/altri-rami/${product.id}/versions/1`);
    const first = (await call('GET', v1.headers.location as string, corner)).json() as TProductVersion;
    expect(first).toMatchObject({ version: 1, name: 'Casa Serena', content: { commission: { kind: 'percent', percent: 12.5 } } });
    const offered = (await call('GET', '/api/products/altri-rami', corner)).json() as TProductVersion[];
    expect(offered.filter((entry) => entry.productId === product.id).map((entry) => [entry.name, entry.version])).toEqual([['Casa Serena Plus', 2]]);

    // The database refuses to change a published version.
    await expect(sql`update product_versions set name = 'x' where product_id = ${product.id}`.execute(t.database.db)).rejects.toThrow(/append-only/);

    // Retired: no longer offered, its versions still readable; listed for the admin with both versions.
    expect((await call('PATCH', `${BASE}/${product.id}`, admin, { active: false })).statusCode).toBe(200);
    expect(await offeredIds()).not.toContain(product.id);
    expect((await call('GET', `/api/products/altri-rami/${product.id}/versions/2`, corner)).statusCode).toBe(200);
    const listed = ((await call('GET', BASE, admin)).json() as TProduct[]).filter((entry) => entry.id === product.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ active: false, latestVersion: 2, draftChanged: false });
    expect(listed[0]!.versions.map((entry) => entry.version)).toEqual([1, 2]);
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'product_%').orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['product_created', 'product_published', 'product_updated', 'product_published', 'product_updated']);
  });

  it('checks the draft with the questionnaire model and the names, and changes nothing on a refusal', async () => {
    const { admin } = await people();
    const before = (await call('GET', BASE, admin)).json() as TProduct[];
    const bad = await call('POST', BASE, admin, { name: 'Rotto', content: { ...CONTENT, questionnaire: { sections: [] } } });
    expect(bad.statusCode).toBe(400);
    const badCommission = await call('POST', BASE, admin, { name: 'Rotto', content: { ...CONTENT, commission: { kind: 'percent', percent: 120 } } });
    expect(badCommission.statusCode).toBe(400);
    expect(JSON.stringify(badCommission.json())).toContain(PRODUCT_MSG.percentInvalid);
    const dupDocs = await call('POST', BASE, admin, { name: 'Rotto', content: { ...CONTENT, documents: [CONTENT.documents[0], CONTENT.documents[0]] } });
    expect(JSON.stringify(dupDocs.json())).toContain(PRODUCT_MSG.docKeyDuplicate);
    expect((await call('POST', '/api/admin/products/rca', admin, { name: 'Auto', content: CONTENT })).statusCode).toBe(400);
    expect((await call('GET', BASE, admin)).json()).toEqual(before);

    expect((await call('POST', BASE, admin, { name: 'Gara', content: { ...CONTENT, questionnaire: EXAMPLE_QUESTIONNAIRE } })).statusCode).toBe(201);
    const clash = await call('POST', BASE, admin, { name: 'gara', content: CONTENT });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields.name).toEqual([PRODUCT_MSG.nameTaken]);
    // The same name in another sector is another product.
    expect((await call('POST', '/api/admin/products/fideiussioni', admin, { name: 'Gara', content: CONTENT })).statusCode).toBe(201);

    const gara = ((await call('GET', BASE, admin)).json() as TProduct[]).find((entry) => entry.name === 'Gara');
    const copy = await call('POST', `${BASE}/${gara!.id}/duplicate`, admin);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Copia di Gara', latestVersion: null, draft: { questionnaire: { sections: EXAMPLE_QUESTIONNAIRE.sections.map((section) => ({ key: section.key })) } } });
    expect((await call('POST', `${BASE}/${gara!.id}/duplicate`, admin)).json()).toMatchObject({ name: 'Copia di Gara (2)' });
    expect((await call('GET', `${BASE}/00000000-0000-4000-8000-000000000000`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/altri-rami/${gara!.id}/versions/1`, admin)).statusCode).toBe(404);
  });

  it('refuses the catalogue to corners and brokers through REST and tRPC; they read what is offered', async () => {
    const { admin, corner, broker } = await people();
    const product = (await call('POST', BASE, admin, { name: 'Casa', content: CONTENT })).json() as TProduct;
    for (const cookie of [corner, broker]) {
      expect((await call('GET', BASE, cookie)).statusCode).toBe(403);
      expect((await call('POST', BASE, cookie, { name: 'X', content: CONTENT })).statusCode).toBe(403);
      expect((await call('POST', `${BASE}/${product.id}/publish`, cookie)).statusCode).toBe(403);
      expect((await call('GET', '/api/products/altri-rami', cookie)).statusCode).toBe(200);
    }
    for (const email of ['corner@example.it', 'broker@example.it']) {
      const trpc = await createTrpcHttpCaller(t, email, PASSWORD);
      await expect(trpc.products.admin.list.query({ sector: 'altri-rami' })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
      await expect(trpc.products.admin.publish.mutate({ sector: 'altri-rami', id: product.id })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    }
    const trpc = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    expect(await trpc.products.admin.publish.mutate({ sector: 'altri-rami', id: product.id })).toMatchObject({ version: 1 });
    expect((await trpc.products.offered.query({ sector: 'altri-rami' })).map((entry) => entry.name)).toContain('Casa');
    expect((await call('GET', '/api/products/altri-rami', '')).statusCode).toBe(401);
  });

  it('publishes the JSON Schema of a product with a valid example using every question type', async () => {
    const { admin, corner } = await people();
    const answer = await call('GET', '/api/admin/products/schema', admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const doc = answer.json() as { jsonSchema: object; example: unknown; answers: { jsonSchema: object; example: Record<string, unknown> } };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    expect(ajv.validate(doc.jsonSchema, doc.example), JSON.stringify(ajv.errors)).toBe(true);
    const content = ZProductContent.parse(doc.example);
    expect(new Set(content.questionnaire.sections.flatMap((section) => section.questions.map((question) => question.type))).size).toBe(13);
    expect(ajv.validate(doc.answers.jsonSchema, doc.answers.example), JSON.stringify(ajv.errors)).toBe(true);
    expect(answersSchemaOf(content.questionnaire).safeParse(doc.answers.example).success).toBe(true);
    // The example is a product the API accepts as it is.
    expect((await call('POST', BASE, admin, { name: 'Gara d’appalto', content: doc.example as object })).statusCode).toBe(201);
    expect((await call('GET', '/api/admin/products/schema', corner)).statusCode).toBe(403);
  });
});
