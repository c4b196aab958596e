import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { practiceDefinition } from '../../shared/practices/registry';
import { todayInItaly } from '../../shared/rules/italian-day';
import { practicesFixtures, type TUser } from '../modules/practices/testing/practices.fixtures';
import { registrationFixture } from '../testing/fixtures';
import { useTestApp } from '../testing/test-app';
import { TOTAL_COUNT_HEADER } from './rest-conventions';

// Issue 30: REST answers of one kind behave the same way everywhere (server/platform/rest-conventions.ts). Every
// creation answers 201 with `Location`, a path whose GET answers that record to whoever may see it (and 404 to
// whoever may not, as a missing one); every paged list answers its total in `X-Total-Count`, whatever its body.
// The contract documents both, and the checks below walk it, so a new route cannot forget them.
const t = useTestApp();
const UA = 'Mozilla/5.0 (Test) REST conventions';
const { call, people, createPractice } = practicesFixtures(t, UA);

type TResponse = { headers?: Record<string, unknown>; content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
type TOperation = { parameters?: { name: string; in: string }[]; responses: Record<string, TResponse> };
type TDocument = { paths: Record<string, Record<string, TOperation>> };

/** The 201 answers without `Location`, each with its reason: not one new record. */
const NO_LOCATION: Readonly<Record<string, string>> = {
  'POST /api/practices/{sector}/{id}/documents': 'an upload answers a list of files (several records, each with its own `path`), read again with GET …/documents',
};

const operationsOf = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json() as TDocument;
  return Object.entries(document.paths).flatMap(([route, item]) => Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${route}`, route, method, operation })));
};

/** A list answer: a `page` query parameter, or a body with its `total`. */
const isPagedList = (method: string, operation: TOperation) =>
  method === 'get' &&
  (operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'page') === true ||
    operation.responses['200']?.content?.['application/json']?.schema?.properties?.total !== undefined);

describe('the contract documents the conventions', () => {
  it('every 201 answer has its `Location` header (the exceptions are listed with their reasons)', async () => {
    const operations = await operationsOf();
    const created = operations.filter(({ operation }) => operation.responses['201']);
    expect(created.length).toBeGreaterThan(20);
    const missing = created.filter(({ key, operation }) => !operation.responses['201']!.headers?.Location && !(key in NO_LOCATION)).map(({ key }) => key);
    expect(missing, 'creations without Location').toEqual([]);
    const stale = Object.keys(NO_LOCATION).filter((key) => !created.some((operation) => operation.key === key && !operation.operation.responses['201']!.headers?.Location));
    expect(stale, 'exceptions that are no longer 201 answers without Location').toEqual([]);
  });

  it('every paged list documents `X-Total-Count` on its answer', async () => {
    const lists = (await operationsOf()).filter(({ method, operation }) => isPagedList(method, operation));
    expect(lists.length).toBeGreaterThanOrEqual(12);
    expect(lists.filter(({ operation }) => !operation.responses['200']?.headers?.[TOTAL_COUNT_HEADER]).map(({ key }) => key)).toEqual([]);
  });

  it('every REST adapter that answers 201 sends `Location` with it', () => {
    const modules = fileURLToPath(new URL('../modules', import.meta.url));
    const files = (fs.readdirSync(modules, { recursive: true }) as string[]).filter((file) => file.endsWith('.rest.ts'));
    expect(files.length).toBeGreaterThan(20);
    const bare = files.flatMap((file) =>
      fs
        .readFileSync(path.join(modules, file), 'utf8')
        .split('\n')
        .filter((line) => /\.(code|status)\(201\)/.test(line) && !line.includes("'Location'") && !line.includes('FILE_MSG.uploaded'))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(bare, 'a 201 without Location (use sendCreated, server/platform/rest-conventions.ts)').toEqual([]);
  });
});

/** Follows a creation's `Location`: the same record for `reader`, and `others` answered 404 (or 403 for a role without the list). */
const follow = async (created: Awaited<ReturnType<typeof call>>, reader: TUser, expected: { id: string; location: string | RegExp }, others: readonly [TUser, 403 | 404][] = []) => {
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  if (typeof expected.location === 'string') expect(location).toBe(expected.location);
  else expect(location).toMatch(expected.location);
  const read = await call('GET', location, reader.cookie);
  expect(read.statusCode, `${location}: ${read.body}`).toBe(200);
  expect((read.json() as { id: string }).id).toBe(expected.id);
  for (const [other, status] of others) expect((await call('GET', location, other.cookie)).statusCode, `${location} as ${other.email}`).toBe(status);
  return read.json() as Record<string, unknown>;
};

describe('Location on creation, live', () => {
  it('what a corner’s world creates reads back at its Location for whoever sees it, and answers 404 to another corner', async () => {
    const { a, b, rca, lg, admin, clientA } = await people();

    const note = await call('POST', `/api/clients/${clientA}/notes`, a.cookie, { text: 'Richiamare lunedì' });
    await follow(note, a, { id: note.json().id, location: `/api/clients/${clientA}/notes/${note.json().id}` }, [[b, 404], [rca, 404]]);
    await follow(note, admin, { id: note.json().id, location: `/api/clients/${clientA}/notes/${note.json().id}` });

    const correction = await call('POST', '/api/admin/ledger', admin.cookie, { cornerId: a.id, amountCents: 1500, description: 'Rettifica di prova' });
    const entryId = correction.json().id as string;
    await follow(correction, a, { id: entryId, location: `/api/ledger/${entryId}` }, [[b, 404], [rca, 403]]);
    const reversal = await call('POST', `/api/admin/ledger/${entryId}/reverse`, admin.cookie, { reason: 'Errore di battitura' });
    expect(await follow(reversal, a, { id: reversal.json().id, location: /^\/api\/ledger\/\d+$/ }, [[b, 404]])).toMatchObject({ reversesId: entryId, amountCents: -1500 });

    const payment = await call('POST', '/api/admin/payments', admin.cookie, { cornerId: a.id, description: 'Quota annuale', amountCents: 5000, dueDate: todayInItaly() });
    const paymentId = payment.json().payment.id as string;
    await follow(payment, a, { id: paymentId, location: `/api/payments/${paymentId}` }, [[b, 404], [rca, 403]]);

    const practice = await createPractice(a, clientA);
    const quotation = await call('POST', `/api/practices/rca/${practice.id}/quotations`, rca.cookie, practiceDefinition('rca').quotation!.example() as object);
    const quotationId = quotation.json().id as string;
    await follow(quotation, a, { id: quotationId, location: `/api/practices/rca/${practice.id}/quotations/${quotationId}` }, [[b, 404], [lg, 404]]);

    const message = await call('POST', `/api/practices/rca/${practice.id}/thread`, a.cookie, { text: 'Il cliente chiede la kasko.' });
    const messageId = message.json().id as string;
    expect(await follow(message, rca, { id: messageId, location: `/api/practices/rca/${practice.id}/thread/${messageId}` }, [[b, 404], [lg, 404]])).toMatchObject({
      text: 'Il cliente chiede la kasko.',
      practiceId: practice.id,
    });
  });

  it('what an admin creates reads back at its Location; a self-registration names the account admins read', async () => {
    const { a, rca, admin } = await people();

    const company = await call('POST', '/api/admin/companies', admin.cookie, { name: 'Compagnia di Prova S.p.A.', ivassCode: 'Z999' });
    const companyId = company.json().id as string;
    await follow(company, rca, { id: companyId, location: `/api/admin/companies/${companyId}` }, [[a, 403]]);
    const agency = await call('POST', '/api/admin/agencies', admin.cookie, { companyId, name: 'Agenzia Centro', code: 'A1' });
    await follow(agency, rca, { id: agency.json().id, location: `/api/admin/agencies/${agency.json().id}` }, [[a, 403]]);

    const news = await call('POST', '/api/admin/news', admin.cookie, { title: 'Avviso', text: 'Lunedì il servizio è sospeso dalle 8 alle 9.' });
    await follow(news, admin, { id: news.json().id, location: `/api/admin/news/${news.json().id}` }, [[a, 403]]);

    const category = await call('POST', '/api/admin/giftcards/categories', admin.cookie, { name: 'Libri' });
    await follow(category, admin, { id: category.json().id, location: `/api/admin/giftcards/categories/${category.json().id}` }, [[a, 403]]);
    const card = await call('POST', '/api/admin/giftcards/national', admin.cookie, { brand: 'Libreria Nazionale', categoryId: category.json().id, denominations: [2500, 5000] });
    await follow(card, admin, { id: card.json().id, location: `/api/admin/giftcards/national/${card.json().id}` });

    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'user-agent': UA }, payload: registrationFixture('NuovaSegreta1', { email: 'nuova.corner@example.it' }) });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(Object.keys(registered.json())).toEqual(['message']);
    const account = await call('GET', registered.headers.location as string, admin.cookie);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({ email: 'nuova.corner@example.it' });
    expect(registered.headers.location).toBe(`/api/admin/users/${account.json().id}`);
  });
});

describe('X-Total-Count on every paged list, live', () => {
  it('a page smaller than the total answers the whole total in the header, as the body’s `total` where it has one', async () => {
    const { a, admin } = await people();
    for (const amountCents of [1000, 2000, 3000]) {
      expect((await call('POST', '/api/admin/payments', admin.cookie, { cornerId: a.id, description: `Quota ${amountCents}`, amountCents, dueDate: todayInItaly() })).statusCode).toBe(201);
      expect((await call('POST', '/api/admin/ledger', admin.cookie, { cornerId: a.id, amountCents, description: `Rettifica ${amountCents}` })).statusCode).toBe(201);
    }
    for (const [url, who] of [
      ['/api/admin/payments?page=1&limit=2', admin],
      ['/api/ledger?page=2&limit=2', a],
    ] as const) {
      const page = await call('GET', url, who.cookie);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.headers[TOTAL_COUNT_HEADER.toLowerCase()], url).toBe('3');
      expect(page.json()).toMatchObject({ total: 3 });
      expect((page.json() as { list: unknown[] }).list.length).toBeLessThan(3);
    }
  });

  it('every documented paged list answers the header (an admin, a page of one)', async () => {
    const { admin } = await people();
    const lists = (await operationsOf()).filter(({ method, operation }) => isPagedList(method, operation));
    for (const { route } of lists) {
      const url = `${route.replace('{sector}', 'rca')}?page=1&limit=1`;
      expect(url, 'a path parameter without a sample value here').not.toMatch(/\{/);
      const page = await call('GET', url, admin.cookie);
      expect(page.statusCode, `${url}: ${page.body}`).toBe(200);
      const header = page.headers[TOTAL_COUNT_HEADER.toLowerCase()];
      expect(header, url).toMatch(/^\d+$/);
      const body = page.json() as { total?: number };
      if (!Array.isArray(body) && 'total' in body) expect(Number(header), url).toBe(body.total);
    }
  });
});
