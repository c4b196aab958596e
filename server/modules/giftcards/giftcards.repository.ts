import { sql, type Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { GiftcardCatalogueTable } from './giftcards.tables';

/** Owns: `giftcard_categories`, `giftcard_catalogue`, `giftcard_choices` (module giftcards; map in server/platform/table-ownership.unit.test.ts). */

/** Every category with how many cards use it, by name. */
export const listCategories = (db: TDb) =>
  db
    .selectFrom('giftcard_categories as c')
    .select(['c.id', 'c.name', (eb) => eb.selectFrom('giftcard_catalogue as g').whereRef('g.category_id', '=', 'c.id').select((inner) => inner.fn.countAll<string>().as('n')).as('card_count')])
    .orderBy(sql`lower(c.name)`)
    .execute();

export const findCategory = (db: TDb, id: string) => db.selectFrom('giftcard_categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const insertCategory = (db: TDb, name: string) => db.insertInto('giftcard_categories').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();

export const updateCategory = (db: TDb, id: string, name: string) =>
  db.updateTable('giftcard_categories').set({ name, updated_at: new Date() }).where('id', '=', id).returning(['id', 'name']).executeTakeFirst();

export const deleteCategory = (db: TDb, id: string) => db.deleteFrom('giftcard_categories').where('id', '=', id).executeTakeFirst();

/** How many cards use the category. */
export const countCardsOfCategory = async (db: TDb, categoryId: string) =>
  Number((await db.selectFrom('giftcard_catalogue').select((eb) => eb.fn.countAll<string>().as('n')).where('category_id', '=', categoryId).executeTakeFirstOrThrow()).n);

const cardColumns = [
  'g.id',
  'g.kind',
  'g.name',
  'g.category_id',
  'c.name as category_name',
  'g.comune_istat',
  'g.address',
  'g.image_url',
  'g.denominations',
  'g.active',
  'g.updated_at',
] as const;

const cardsWithCategory = (db: TDb) => db.selectFrom('giftcard_catalogue as g').innerJoin('giftcard_categories as c', 'c.id', 'g.category_id');

export type TCardRow = Awaited<ReturnType<typeof listCards>>[number];

/** The cards of one kind (every state), with their category and how many corners chose each, by name. */
export const listCards = (db: TDb, kind: 'national' | 'municipal', id?: string) => {
  let query = cardsWithCategory(db)
    .select([...cardColumns, (eb) => eb.selectFrom('giftcard_choices as ch').whereRef('ch.giftcard_id', '=', 'g.id').select((inner) => inner.fn.countAll<string>().as('n')).as('chosen_count')])
    .where('g.kind', '=', kind);
  if (id) query = query.where('g.id', '=', id);
  return query.orderBy(sql`lower(g.name)`).orderBy('g.id').execute();
};

/** The active cards a corner of `comuneIstat` may choose (national ones, and the municipal ones of that comune), of a category or all. */
export const listChoosableCards = (db: TDb, comuneIstat: string | null, categoryId?: string) => {
  let query = cardsWithCategory(db)
    .select(cardColumns)
    .where('g.active', '=', true)
    .where((eb) => (comuneIstat ? eb.or([eb('g.kind', '=', 'national'), eb('g.comune_istat', '=', comuneIstat)]) : eb('g.kind', '=', 'national')));
  if (categoryId) query = query.where('g.category_id', '=', categoryId);
  return query.orderBy('g.kind', 'desc').orderBy(sql`lower(g.name)`).orderBy('g.id').execute();
};

/** One card with its category (any state). */
export const findCard = (db: TDb, id: string) => cardsWithCategory(db).select(cardColumns).where('g.id', '=', id).executeTakeFirst();

/** One card, share-locked until the transaction ends (a choice and the card's deactivation queue up). */
export const lockCardForChoice = (trx: TDb, id: string) =>
  trx.selectFrom('giftcard_catalogue').select(['id', 'kind', 'comune_istat', 'active']).where('id', '=', id).forShare().executeTakeFirst();

export const insertCard = (
  db: TDb,
  values: { kind: 'national' | 'municipal'; categoryId: string; name: string; comuneIstat: string | null; address: string; imageUrl: string | null; denominations: number[]; active: boolean },
) =>
  db
    .insertInto('giftcard_catalogue')
    .values({
      kind: values.kind,
      category_id: values.categoryId,
      name: values.name,
      comune_istat: values.comuneIstat,
      address: values.address,
      image_url: values.imageUrl,
      denominations: values.denominations,
      active: values.active,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateCard = (db: TDb, id: string, kind: 'national' | 'municipal', values: Updateable<GiftcardCatalogueTable>) =>
  db
    .updateTable('giftcard_catalogue')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('kind', '=', kind)
    .returning('id')
    .executeTakeFirst();

export const deleteCard = (db: TDb, id: string, kind: 'national' | 'municipal') => db.deleteFrom('giftcard_catalogue').where('id', '=', id).where('kind', '=', kind).executeTakeFirst();

/** How many corners have the card as their choice. */
export const countChoicesOf = async (db: TDb, giftcardId: string) =>
  Number((await db.selectFrom('giftcard_choices').select((eb) => eb.fn.countAll<string>().as('n')).where('giftcard_id', '=', giftcardId).executeTakeFirstOrThrow()).n);

/** A corner's row: its comune and its choice (none: it never set either). */
export const findChoice = (db: TDb, cornerId: string) =>
  db.selectFrom('giftcard_choices').select(['comune_istat', 'giftcard_id', 'chosen_at']).where('corner_id', '=', cornerId).executeTakeFirst();

/** Sets the corner's choice, keeping its comune. */
export const upsertChoice = (db: TDb, cornerId: string, giftcardId: string) =>
  db
    .insertInto('giftcard_choices')
    .values({ corner_id: cornerId, giftcard_id: giftcardId, chosen_at: new Date() })
    .onConflict((oc) => oc.column('corner_id').doUpdateSet({ giftcard_id: giftcardId, chosen_at: new Date(), updated_at: new Date() }))
    .execute();

/** Sets the corner's comune, keeping its choice. */
export const upsertComune = (db: TDb, cornerId: string, comuneIstat: string) =>
  db
    .insertInto('giftcard_choices')
    .values({ corner_id: cornerId, comune_istat: comuneIstat })
    .onConflict((oc) => oc.column('corner_id').doUpdateSet({ comune_istat: comuneIstat, updated_at: new Date() }))
    .execute();
