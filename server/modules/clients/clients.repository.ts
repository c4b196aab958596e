import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { TListClientsQuery } from '../../../shared/schemas/data';
import type { TDb } from '../../db/database';
import { CLIENT_FILTER_FIELDS } from '../../../shared/constants';
import { escapeLike } from '../../db/like';
import { changeTimeColumn, nextChangeTime } from '../../db/versioned';
import type { ClientsTable } from './clients.tables';

/** Owns: `clients`, `client_notes` (module clients; map in server/platform/table-ownership.unit.test.ts). */

export type TClientValues = Omit<Insertable<ClientsTable>, 'id' | 'corner_id' | 'created_by' | 'created_at' | 'updated_at' | 'deleted_at'>;

/** Every column, the birth date as ISO text (drivers differ on `date`). */
const selectClient = (db: TDb) => db.selectFrom('clients').selectAll().select(sql<string | null>`birth_date::text`.as('birth_date_iso')).where('deleted_at', 'is', null);
export type TClientRow = Awaited<ReturnType<typeof findClient>> & {};

/** As `clients_fold()` of migration 2026-11-23T1820: lower case, the accents of Italian names dropped. */
const FOLD = new Map([...'àáâãäåèéêëìíîïòóôõöùúûüýÿçñ'].map((char, index) => [char, 'aaaaaaeeeeiiiiooooouuuuyycn'[index]!] as const));
export const foldText = (value: string): string => [...value.toLowerCase()].map((char) => FOLD.get(char) ?? char).join('');

/** A value written into the statement (Kysely escapes it): see listClients. */
const lit = (value: string) => sql.lit(value);
const startsWith = (value: string) => lit(`${escapeLike(value)}%`);
const contains = (value: string) => lit(`%${escapeLike(value)}%`);

/**
 * How each filter field matches, ignoring case and accents: names and tax codes from the start of the field
 * (an index per corner serves the surname and the codice fiscale), the rest anywhere in it. `needle` is the
 * user's text as the field holds it; a field with its own index across corners needs no trigram help.
 */
const FIELD_MATCH: Record<Exclude<(typeof CLIENT_FILTER_FIELDS)[number], 'type'>, { needle: (value: string) => string; match: (needle: string) => RawBuilder<boolean>; indexed?: true }> = {
  name: { needle: foldText, match: (needle) => sql<boolean>`clients_fold(name) like ${startsWith(needle)}` },
  surname: { needle: foldText, match: (needle) => sql<boolean>`clients_fold(surname) like ${startsWith(needle)}`, indexed: true },
  business: { needle: foldText, match: (needle) => sql<boolean>`clients_fold(business) like ${contains(needle)}` },
  email: { needle: foldText, match: (needle) => sql<boolean>`lower(email) like ${contains(needle)}` },
  // Numbers are kept in E.164 ("+393471234567"): "347 123 4567" looks for its digits.
  phone: { needle: (value) => value.replace(/[^\d+]/g, '') || value, match: (needle) => sql<boolean>`phone like ${contains(needle)}` },
  cf: { needle: (value) => value.replace(/\s/g, '').toUpperCase(), match: (needle) => sql<boolean>`cf like ${startsWith(needle)}`, indexed: true },
  vat: { needle: (value) => value.replace(/\s/g, '').toUpperCase().replace(/^IT(?=\d)/, ''), match: (needle) => sql<boolean>`vat like ${startsWith(needle)}` },
};

/** Trigrams need three characters; a shorter text would scan the whole trigram index. */
const TRIGRAM_MIN = 3;

/** `name` is the surname first (`sort_name`), `first-name` the name as the lists show it (`display_sort_name`). */
const ORDER = {
  name: [sql`sort_name asc`, sql`id asc`],
  'name-desc': [sql`sort_name desc`, sql`id desc`],
  'first-name': [sql`display_sort_name asc`, sql`id asc`],
  'first-name-desc': [sql`display_sort_name desc`, sql`id desc`],
  newest: [sql`created_at desc`, sql`id desc`],
  oldest: [sql`created_at asc`, sql`id asc`],
} as const;

/**
 * Clients visible under `cornerId` (null: every corner, or the admin's `query.cornerId`), filtered, sorted and
 * paged; limit 0 returns all.
 *
 * Served by the indexes of migration 2026-11-23T1820: a corner's book through the indexes led by corner_id
 * (sort_name, display_sort_name or created_at order, surname or codice fiscale prefix), the free text and the filters across every
 * corner through the trigram index on `search_text` (each field's match is then checked on the field). Values
 * are written into the statement (escaped by Kysely) rather than sent as parameters, so each search is planned
 * with its own text: a prepared statement's generic plan can neither turn `like 'ros%'` into an index range nor
 * judge how selective a pattern is.
 *
 * `total` costs a count only when the page is full: a shorter page, or the whole list, tells it.
 */
export const listClients = async (db: TDb, cornerId: string | null, query: TListClientsQuery) => {
  const corner = cornerId ?? query.cornerId ?? null;
  let base = db.selectFrom('clients').where('deleted_at', 'is', null);
  if (corner) base = base.where('corner_id', '=', lit(corner));
  for (const field of CLIENT_FILTER_FIELDS) {
    const value = query[field]?.trim();
    if (!value) continue;
    if (field === 'type') {
      base = base.where('type', '=', lit(value));
      continue;
    }
    const rule = FIELD_MATCH[field];
    const needle = rule.needle(value);
    base = base.where(rule.match(needle));
    const folded = foldText(needle);
    if (!corner && !rule.indexed && folded.length >= TRIGRAM_MIN) base = base.where(sql<boolean>`search_text like ${contains(folded)}`);
  }
  // Each word anywhere in the text. Across corners through the trigram index; within one corner's book (a few
  // hundred clients, read through its index) by strpos, which that index cannot serve: the trigram index answers
  // for the whole table, and its cost grows with it.
  for (const word of foldText(query.q ?? '').split(/\s+/).filter(Boolean)) {
    base = base.where(corner ? sql<boolean>`strpos(search_text, ${lit(word)}) > 0` : sql<boolean>`search_text like ${contains(word)}`);
  }
  if (query.createdFrom) base = base.where('created_at', '>=', sql.lit(query.createdFrom));
  if (query.createdTo) base = base.where('created_at', '<', sql.lit(query.createdTo));

  let pageQuery = base.selectAll();
  for (const order of ORDER[query.sort]) pageQuery = pageQuery.orderBy(order);
  const offset = query.limit > 0 ? (query.page - 1) * query.limit : 0;
  if (query.limit > 0) pageQuery = pageQuery.limit(sql.lit(query.limit)).offset(sql.lit(offset));
  const rows = await pageQuery.execute();
  const known = query.limit === 0 || (rows.length > 0 && rows.length < query.limit) || (rows.length === 0 && offset === 0);
  const total = known ? offset + rows.length : Number((await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()).total);
  return { rows, total };
};

/** One client not deleted, under `cornerId` when given (another corner's is missing). */
export const findClient = (db: TDb, id: string, cornerId: string | null) => {
  let query = selectClient(db).where('id', '=', id);
  if (cornerId) query = query.where('corner_id', '=', cornerId);
  return query.executeTakeFirst();
};

/** The names of these clients, deleted ones too (lists of records that name their client: practices). */
export const findClientNames = (db: TDb, ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('clients').select(['id', 'type', 'name', 'surname', 'business']).where('id', 'in', [...ids]).execute();

/** The codice fiscale and partita IVA of these clients, deleted ones too (the utilities' export names its clients). */
export const findClientTaxCodes = (db: TDb, ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('clients').select(['id', 'type', 'cf', 'vat', 'company_cf']).where('id', 'in', [...ids]).execute();

/** The client of this corner's book (not deleted, not `exceptId`) already holding the codice fiscale or partita IVA. */
export const findDuplicate = (db: TDb, cornerId: string, column: 'cf' | 'vat', value: string, exceptId: string | null) => {
  let query = db
    .selectFrom('clients')
    .select(['id', 'type', 'name', 'surname', 'business'])
    .where('corner_id', '=', cornerId)
    .where(column, '=', value)
    .where('deleted_at', 'is', null);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
};

export const insertClient = (db: TDb, cornerId: string, createdBy: string, values: TClientValues) =>
  db.insertInto('clients').values({ ...values, corner_id: cornerId, created_by: createdBy }).returning('id').executeTakeFirstOrThrow();

/**
 * Writes a live client; with `expectedUpdatedAt`, only while it is still at that version (its ETag: the
 * millisecond of its last change). Answers whether a row changed. Each change moves `updated_at` on by at least
 * a millisecond, so two versions never share a tag.
 */
export const updateClient = async (db: TDb, id: string, values: Updateable<ClientsTable>, expectedUpdatedAt?: Date): Promise<boolean> => {
  let query = db
    .updateTable('clients')
    .set({ ...values, updated_at: nextChangeTime() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (expectedUpdatedAt) query = query.where(changeTimeColumn(), '=', expectedUpdatedAt);
  return (await query.returning('id').executeTakeFirst()) !== undefined;
};

export const softDeleteClient = (db: TDb, id: string) =>
  db.updateTable('clients').set({ deleted_at: new Date(), updated_at: nextChangeTime() }).where('id', '=', id).where('deleted_at', 'is', null).execute();

export const listNotes = (db: TDb, clientId: string) =>
  db.selectFrom('client_notes').select(['id', 'author_id', 'text', 'created_at']).where('client_id', '=', clientId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const findNote = (db: TDb, clientId: string, noteId: string) =>
  db.selectFrom('client_notes').select(['id', 'author_id', 'text', 'created_at']).where('client_id', '=', clientId).where('id', '=', noteId).executeTakeFirst();

export const insertNote = (db: TDb, clientId: string, authorId: string, text: string) =>
  db.insertInto('client_notes').values({ client_id: clientId, author_id: authorId, text }).returning(['id', 'author_id', 'text', 'created_at']).executeTakeFirstOrThrow();
