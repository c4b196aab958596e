import { describe, expect, it } from 'vitest';
import { altriRamiDefinition } from '../../../../shared/practices/altri-rami';
import { fideiussioniDefinition } from '../../../../shared/practices/fideiussioni';
import { ANSWER_MSG } from '../../../../shared/products/messages';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import type { TPracticeSchemaDocument } from '../../../../shared/schemas/practice-live';
import { useTestApp } from '../../../testing/test-app';
import { practicesFixtures } from '../testing/practices.fixtures';

/**
 * The altri rami and fideiussioni sectors on the generic practice engine, through REST: create, the Italian
 * messages of bad data, lists, who may read, the schema document. (Quotations and issue are tested with RC Auto.)
 */
const t = useTestApp();
const { call, corner, staff, clientOf } = practicesFixtures(t, 'Mozilla/5.0 (Test) Rami e fideiussioni');

const SECTORS = [
  {
    slug: 'altri-rami',
    brokerType: 'altri rami',
    definition: altriRamiDefinition,
    title: 'Casa e famiglia · Milano (MI)',
    search: 'via roma',
    bad: {
      // The product's questionnaire checks the answers: a construction year after this one is refused.
      data: { ...altriRamiDefinition.example, answers: { ...altriRamiDefinition.example.answers, constructionYear: new Date().getFullYear() + 1 } },
      field: 'answers.constructionYear',
      message: ANSWER_MSG.yearInFuture,
    },
  },
  {
    slug: 'fideiussioni',
    brokerType: 'fideiussioni',
    definition: fideiussioniDefinition,
    title: 'Cauzione provvisoria (gara d’appalto) · Comune di Milano',
    search: 'a0123bc45d',
    bad: {
      // The 4% cap of a provisional tender bond (D.Lgs. 36/2023 art. 106) is a rule of the product's amount question.
      data: { ...fideiussioniDefinition.example, answers: { ...fideiussioniDefinition.example.answers, guaranteedCents: 1_500_000 } },
      field: 'answers.guaranteedCents',
      message: ANSWER_MSG.percentOf(4, 'Valore complessivo della procedura', 1_000_000),
    },
  },
] as const;

/** Two corners (a client of the first), a broker of the sector, a RC Auto broker. */
const world = async (brokerType: 'altri rami' | 'fideiussioni') => {
  const a = await corner('a@example.it', 'Anna');
  const b = await corner('b@example.it', 'Bea');
  const broker = await staff('sector@example.it', 'broker', brokerType, 'Sara');
  const rca = await staff('rca@example.it', 'broker', 'RC Auto', 'Rocco');
  return { a, b, broker, rca, clientA: await clientOf(a.id) };
};

describe.each(SECTORS)('the $slug sector through REST', ({ slug, brokerType, definition, title, search, bad }) => {
  const base = `/api/practices/${slug}`;

  it('a corner creates a practice with the example (201); bad data answers 400 with the Italian message on the field and creates nothing', async () => {
    const { a, clientA } = await world(brokerType);
    const invalid = await call('POST', base, a.cookie, { clientId: clientA, data: bad.data });
    expect(invalid.statusCode, invalid.body).toBe(400);
    expect(invalid.json().fields).toEqual({ [bad.field]: [bad.message] });
    expect((await call('GET', base, a.cookie)).json()).toEqual([]);

    const created = await call('POST', base, a.cookie, { clientId: clientA, data: definition.example });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ sector: slug, clientId: clientA, cornerId: a.id, brokerId: null, state: 'quotating', stateLabel: 'In quotazione', title, dataVersion: 1 });
    expect(created.json().data).toEqual(definition.example);
  });

  it('lists it with its state label, finds it by its key fields; the sector’s broker sees it, a RC Auto broker and another corner get 404', async () => {
    const { a, b, broker, rca, clientA } = await world(brokerType);
    const practice = (await call('POST', base, a.cookie, { clientId: clientA, data: definition.example })).json() as { id: string };

    for (const user of [a, broker]) {
      const list = await call('GET', `${base}?page=1&limit=10`, user.cookie);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.json()).toEqual([expect.objectContaining({ id: practice.id, state: 'quotating', stateLabel: 'In quotazione', title })]);
      const read = await call('GET', `${base}/${practice.id}`, user.cookie);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toEqual(definition.example);
    }
    expect((await call('GET', `${base}?q=${encodeURIComponent(search)}`, a.cookie)).json()).toHaveLength(1);
    expect((await call('GET', `${base}?q=inesistente`, a.cookie)).json()).toHaveLength(0);

    for (const user of [rca, b]) {
      const read = await call('GET', `${base}/${practice.id}`, user.cookie);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(PRACTICE_MSG.notFound);
      expect((await call('GET', base, user.cookie)).json()).toEqual([]);
    }
    // A practice is reached only under its own sector.
    expect((await call('GET', `/api/practices/rca/${practice.id}`, a.cookie)).statusCode).toBe(404);
  });

  it('GET /api/practices/:sector/schema answers the definition: its transitions and examples, and each product’s', async () => {
    const { a, clientA } = await world(brokerType);
    const response = await call('GET', `${base}/schema`, a.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json() as TPracticeSchemaDocument;
    expect(document.sector).toBe(slug);
    expect(document.dataExample).toEqual(definition.example);
    expect(definition.data.safeParse(document.dataExample).success).toBe(true);
    expect(Object.keys(document.transitions).sort()).toEqual(['askEmission', 'backToQuotation', 'emit', 'refuse']);
    expect(document.transitions.emit).toMatchObject({ to: 'emitted', label: 'Emetti polizza', from: ['askEmission'] });
    expect(definition.quotation!.input.safeParse(document.quotationExample).success).toBe(true);
    // Every product of the catalogue before issue 29 is there at version 1, with an example a corner can send.
    expect(document.products?.map((product) => product.version)).toEqual(Array(slug === 'altri-rami' ? 12 : 10).fill(1));
    for (const product of document.products ?? []) {
      const created = await call('POST', base, a.cookie, { clientId: clientA, data: product.example });
      expect(created.statusCode, `${product.name}: ${created.body}`).toBe(201);
    }
  });
});
