import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_PRODUCTS_2026_11_27, commissionOfRevenue, seedLegacyProducts, up } from '../../migrations/2026-11-27T1800_legacy-products';
import { answersSchemaOf } from '../../shared/products/answers';
import { LEGACY_PRODUCTS, toProductPracticeData } from '../../shared/products/legacy-catalogue';
import { ZProductContent, type TProductContent } from '../../shared/schemas/products';
import { insertUserFixture } from '../testing/fixtures';
import { createTestDatabase } from '../testing/test-database';
import type { TDatabaseHandle } from './database';

// Issue 29: the old catalogue of altri rami and fideiussioni becomes version 1 of admin products, and the practices
// filled before point at them, with their category's details or their bond's fields as answers.
let database: TDatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const LEGACY_IDS = LEGACY_PRODUCTS.map((product) => product.id);
const TODAY = '2026-11-27';

const OLD_HOME = {
  category: 'home',
  description: 'Abitazione principale in condominio, al terzo piano: incendio, furto e responsabilità civile della famiglia.',
  insuredCents: 30_000_000,
  startDate: '2027-01-01',
  durationYears: 1,
  currentPolicy: { company: 'Compagnia Esempio S.p.A.', expiryDate: '2026-12-31' },
  covers: ['Incendio e scoppio', 'Furto e rapina', 'RC della famiglia'],
  details: { address: { street: 'Via Roma 10', comune: 'Milano', province: 'MI' }, squareMetres: 95, constructionYear: 1975, ownership: 'owner' },
  notes: '',
};
const OLD_PROFESSIONAL = {
  ...OLD_HOME,
  category: 'professionalLiability',
  details: { profession: 'Avvocato', register: '', registerNumber: '', turnoverCents: 8_000_000 },
};
const OLD_PROVISIONAL = {
  kind: 'tenderProvisional',
  beneficiary: { name: 'Comune di Milano', taxCode: '01199250158', pec: 'protocollo@postacert.comune.milano.it' },
  guaranteedCents: 1_000_000,
  contractValueCents: 25_000_000,
  cig: 'A0123BC45D',
  tenderObject: 'Manutenzione ordinaria delle strade comunali, biennio 2027-2028',
  startDate: '2027-01-15',
  endDate: '2027-07-14',
  obligation: 'Garanzia dell’offerta nella procedura aperta: copre la mancata sottoscrizione del contratto per fatto dell’offerente.',
  notes: '',
};
const OLD_RENT = { ...OLD_PROVISIONAL, kind: 'rent', guaranteedCents: 900_000, contractValueCents: null, cig: '', tenderObject: '' };

const setup = async () => {
  const db = database.db;
  const corner = await insertUserFixture(db, { email: `corner-${crypto.randomUUID()}@example.it`, password: 'Segreta123' });
  const client = await db.insertInto('clients').values({ corner_id: corner.id, type: 'persona', name: 'Luca', surname: 'Bianchi' }).returning('id').executeTakeFirstOrThrow();
  const insert = async (sector: string, data: unknown, searchText = 'testo di ricerca') =>
    (
      await db
        .insertInto('practices')
        .values({ sector, state: 'quotating', corner_id: corner.id, client_id: client.id, data: JSON.stringify(data), search_text: searchText } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { insert };
};

const practiceRow = (id: string) => database.db.selectFrom('practices').select(['data', 'search_text', 'updated_at', 'data_version', 'state']).where('id', '=', id).executeTakeFirstOrThrow();

/** Empties the legacy products (versions are append-only: with triggers off, as the test reset does). */
const removeLegacyProducts = async () => {
  await database.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await trx.deleteFrom('product_versions').where('product_id', 'in', LEGACY_IDS).execute();
    await trx.deleteFrom('products').where('id', 'in', LEGACY_IDS).execute();
  });
};

const setSetting = (key: string, value: unknown) =>
  database.db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();

describe('migration 2026-11-27T1800 legacy-products', () => {
  it('holds a frozen copy of today’s legacy catalogue', () => {
    expect(LEGACY_PRODUCTS_2026_11_27.map(({ id, sector, code, name, position, description }) => ({ id, sector, code, name, position, description }))).toEqual(
      LEGACY_PRODUCTS.map(({ id, sector, code, name, position, description }) => ({ id, sector, code, name, position, description })),
    );
    for (const [index, frozen] of LEGACY_PRODUCTS_2026_11_27.entries()) expect(frozen.sections).toEqual(LEGACY_PRODUCTS[index]!.content.questionnaire.sections);
  });

  it('inserts the 22 products with their version 1 (draft = version), the sectors’ default commission', async () => {
    await removeLegacyProducts();
    await up(database.db as never);
    const products = await database.db.selectFrom('products').selectAll().where('id', 'in', LEGACY_IDS).orderBy('sector').orderBy('position').execute();
    expect(products).toHaveLength(22);
    const versions = await database.db.selectFrom('product_versions').selectAll().where('product_id', 'in', LEGACY_IDS).execute();
    expect(versions).toHaveLength(22);
    for (const legacy of LEGACY_PRODUCTS) {
      const row = products.find((item) => item.id === legacy.id)!;
      expect(row).toMatchObject({ sector: legacy.sector, name: legacy.name, description: legacy.description, active: true, position: legacy.position, created_by: null });
      expect(row.draft).toEqual(legacy.content);
      const version = versions.find((item) => item.product_id === legacy.id)!;
      expect(version).toMatchObject({ version: 1, name: legacy.name, published_by: null });
      expect(version.content).toEqual(legacy.content);
      expect(ZProductContent.parse(version.content)).toEqual(legacy.content);
    }
  });

  it('points the old practices at the version 1 products, with their answers; data only; twice changes nothing', async () => {
    const { insert } = await setup();
    const home = await insert('altri-rami', OLD_HOME, 'Casa e famiglia Via Roma 10 Milano');
    const professional = await insert('altri-rami', OLD_PROFESSIONAL);
    const provisional = await insert('fideiussioni', OLD_PROVISIONAL);
    const rent = await insert('fideiussioni', OLD_RENT);
    const migrated = toProductPracticeData('fideiussioni', OLD_RENT);
    const already = await insert('fideiussioni', migrated);
    const rca = await insert('rca', { plate: 'AB123CD' });
    const before = await Promise.all([home, professional, provisional, rent, already, rca].map(practiceRow));

    await up(database.db as never);
    const after = await Promise.all([home, professional, provisional, rent, already, rca].map(practiceRow));
    for (const [index, row] of after.entries()) {
      const { data: _before, ...restBefore } = before[index]!;
      const { data: _after, ...restAfter } = row;
      expect(restAfter).toEqual(restBefore);
    }
    const [homeRow, professionalRow, provisionalRow, rentRow, alreadyRow, rcaRow] = after;
    expect(homeRow!.data).toEqual({
      product: { id: '00000000-0000-4000-8000-0000000000a1', version: 1, name: 'Casa e famiglia', documents: [], commission: { kind: 'percent', percent: 15 }, subjectKey: 'comune' },
      answers: { street: 'Via Roma 10', comune: { name: 'Milano', province: 'MI' }, squareMetres: 95, constructionYear: 1975, ownership: 'owner' },
      description: OLD_HOME.description,
      insuredCents: 30_000_000,
      startDate: '2027-01-01',
      durationYears: 1,
      currentPolicy: OLD_HOME.currentPolicy,
      covers: OLD_HOME.covers,
      notes: '',
    });
    expect(homeRow!.search_text).toBe('Casa e famiglia Via Roma 10 Milano');
    expect(professionalRow!.data).toEqual(toProductPracticeData('altri-rami', OLD_PROFESSIONAL));
    expect((professionalRow!.data as { answers: unknown }).answers).toEqual({ profession: 'Avvocato', turnoverCents: 8_000_000 });
    expect(provisionalRow!.data).toEqual(toProductPracticeData('fideiussioni', OLD_PROVISIONAL));
    expect(provisionalRow!.data).toMatchObject({
      product: { id: '00000000-0000-4000-8000-0000000000b1', version: 1, name: 'Cauzione provvisoria (gara d’appalto)', commission: { kind: 'percent', percent: 10 } },
      answers: { cig: 'A0123BC45D', tenderObject: OLD_PROVISIONAL.tenderObject, contractValueCents: 25_000_000, guaranteedCents: 1_000_000 },
    });
    expect(rentRow!.data).toEqual(migrated);
    expect(alreadyRow!.data).toEqual(migrated);
    expect(rcaRow!.data).toEqual({ plate: 'AB123CD' });

    // Every migrated practice's answers are accepted by the version it names.
    const versions = await database.db.selectFrom('product_versions').select(['product_id', 'content']).where('product_id', 'in', LEGACY_IDS).execute();
    for (const row of [homeRow, professionalRow, provisionalRow, rentRow]) {
      const data = row!.data as { product: { id: string }; answers: unknown };
      const content = versions.find((version) => version.product_id === data.product.id)!.content as TProductContent;
      expect(answersSchemaOf(content.questionnaire, { today: TODAY }).parse(data.answers)).toEqual(data.answers);
    }

    const products = await database.db.selectFrom('products').selectAll().where('id', 'in', LEGACY_IDS).orderBy('id').execute();
    const versionRows = await database.db.selectFrom('product_versions').selectAll().where('product_id', 'in', LEGACY_IDS).orderBy('product_id').execute();
    await up(database.db as never);
    expect(await Promise.all([home, professional, provisional, rent, already, rca].map(practiceRow))).toEqual(after);
    expect(await database.db.selectFrom('products').selectAll().where('id', 'in', LEGACY_IDS).orderBy('id').execute()).toEqual(products);
    expect(await database.db.selectFrom('product_versions').selectAll().where('product_id', 'in', LEGACY_IDS).orderBy('product_id').execute()).toEqual(versionRows);
  });

  it('takes the commission the admin had set: a percentage, or the fixed amount when there is none', async () => {
    const { insert } = await setup();
    await removeLegacyProducts();
    await setSetting('altriRamiRevenue', { percentBp: 1250, fixedCents: 0 });
    const config = await database.db.selectFrom('settings').select('value').where('key', '=', 'fideiussioniConfig').executeTakeFirst();
    await setSetting('fideiussioniConfig', { ...((config?.value as object | undefined) ?? {}), revenue: { percentBp: 0, fixedCents: 15_000 } });
    const home = await insert('altri-rami', OLD_HOME);
    const rent = await insert('fideiussioni', OLD_RENT);

    await up(database.db as never);
    const versions = await database.db.selectFrom('product_versions').select(['product_id', 'content']).where('product_id', 'in', LEGACY_IDS).execute();
    for (const version of versions) {
      const legacy = LEGACY_PRODUCTS.find((product) => product.id === version.product_id)!;
      expect((version.content as TProductContent).commission).toEqual(legacy.sector === 'altri-rami' ? { kind: 'percent', percent: 12.5 } : { kind: 'fixed', cents: 15_000 });
    }
    expect(((await practiceRow(home)).data as { product: unknown }).product).toMatchObject({ commission: { kind: 'percent', percent: 12.5 } });
    expect(((await practiceRow(rent)).data as { product: unknown }).product).toMatchObject({ id: '00000000-0000-4000-8000-0000000000b6', name: 'Locazione', commission: { kind: 'fixed', cents: 15_000 } });
  });

  it('renames an old product whose name an admin’s product already has, and its practices name it so', async () => {
    const { insert } = await setup();
    await removeLegacyProducts();
    const content = LEGACY_PRODUCTS.find((product) => product.code === 'travel')!.content;
    await database.db.insertInto('products').values({ sector: 'altri-rami', name: 'viaggi', draft: JSON.stringify(content) }).execute();
    const trip = await insert('altri-rami', { ...OLD_HOME, category: 'travel', details: { destination: 'Giappone', departureDate: '2027-05-10', returnDate: '2027-05-24', travellers: 2 } });
    await seedLegacyProducts(database.db as never);
    const travel = await database.db.selectFrom('products').select('name').where('id', '=', '00000000-0000-4000-8000-0000000000a6').executeTakeFirstOrThrow();
    expect(travel.name).toBe('Viaggi (catalogo precedente)');
    await up(database.db as never);
    expect(((await practiceRow(trip)).data as { product: unknown }).product).toMatchObject({ id: '00000000-0000-4000-8000-0000000000a6', name: 'Viaggi (catalogo precedente)' });
  });

  it('rewrites any number of practices, a batch at a time', async () => {
    const { insert } = await setup();
    const first = await insert('fideiussioni', OLD_RENT);
    const corner = await database.db.selectFrom('practices').select(['corner_id', 'client_id']).where('id', '=', first).executeTakeFirstOrThrow();
    const many = Array.from({ length: 1_100 }, (_, index) => ({
      sector: 'fideiussioni',
      state: 'quotating',
      corner_id: corner.corner_id,
      client_id: corner.client_id,
      data: JSON.stringify({ ...OLD_RENT, guaranteedCents: 1_000 + index }),
    }));
    await database.db.insertInto('practices').values(many as never).execute();
    await up(database.db as never);
    const left = await database.db.selectFrom('practices').select((eb) => eb.fn.countAll<string>().as('count')).where('sector', 'in', ['altri-rami', 'fideiussioni']).where(sql<boolean>`data -> 'product' is null`).executeTakeFirstOrThrow();
    expect(Number(left.count)).toBe(0);
    const rows = await database.db.selectFrom('practices').select('data').where('sector', '=', 'fideiussioni').where(sql<boolean>`data -> 'answers' -> 'guaranteedCents' = '2099'::jsonb`).execute();
    expect(rows).toHaveLength(1);
  });

  it('reads a revenue setting as a commission', () => {
    expect(commissionOfRevenue({ percentBp: 1500, fixedCents: 0 })).toEqual({ kind: 'percent', percent: 15 });
    expect(commissionOfRevenue({ percentBp: 1250, fixedCents: 300 })).toEqual({ kind: 'percent', percent: 12.5 });
    expect(commissionOfRevenue({ percentBp: 0, fixedCents: 2_500 })).toEqual({ kind: 'fixed', cents: 2_500 });
    expect(commissionOfRevenue({ percentBp: -1, fixedCents: 0 })).toBeNull();
    expect(commissionOfRevenue(undefined)).toBeNull();
  });
});
