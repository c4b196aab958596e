import { sql, type Insertable, type Updateable } from 'kysely';
import type { TListClientsQuery } from '../../../shared/schemas/data';
import type { TDb } from '../../db/database';
import { CLIENT_FILTER_FIELDS } from '../../../shared/constants';
import { containsPattern } from '../../db/like';
import type { ClientsTable } from './clients.tables';

/** Owns: `clients`, `client_notes` (module clients; map in server/platform/table-ownership.test.ts). */

export type TClientValues = Omit<Insertable<ClientsTable>, 'id' | 'corner_id' | 'created_by' | 'created_at' | 'updated_at' | 'deleted_at'>;

const SEARCH_COLUMNS = ['name', 'surname', 'business', 'email', 'cf', 'vat', 'phone'] as const;

/** Every column, the birth date as ISO text (drivers differ on `date`). */
const selectClient = (db: TDb) => db.selectFrom('clients').selectAll().select(sql<string | null>`birth_date::text`.as('birth_date_iso')).where('deleted_at', 'is', null);
export type TClientRow = Awaited<ReturnType<typeof findClient>> & {};

/** Clients visible under `cornerId` (null: every corner), filtered and paged; limit 0 returns all. */
export const listClients = async (db: TDb, cornerId: string | null, query: TListClientsQuery) => {
  let base = db.selectFrom('clients').where('deleted_at', 'is', null);
  if (cornerId) base = base.where('corner_id', '=', cornerId);
  for (const field of CLIENT_FILTER_FIELDS) {
    const value = query[field];
    if (!value) continue;
    base = field === 'type' ? base.where('type', '=', value) : base.where(sql<string>`lower(${sql.ref(field)})`, 'like', containsPattern(value));
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    base = base.where((eb) => eb.or(SEARCH_COLUMNS.map((column) => eb(sql<string>`lower(${sql.ref(column)})`, 'like', pattern))));
  }
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  let rows = base.selectAll();
  rows =
    query.sort === 'createdAt'
      ? rows.orderBy('created_at', 'desc').orderBy('id')
      : rows.orderBy(sql`lower(coalesce(nullif(business, ''), surname || ' ' || name))`).orderBy('id');
  if (query.limit > 0) rows = rows.limit(query.limit).offset((query.page - 1) * query.limit);
  return { rows: await rows.execute(), total: Number(total) };
};

/** One client not deleted, under `cornerId` when given (another corner's is missing). */
export const findClient = (db: TDb, id: string, cornerId: string | null) => {
  let query = selectClient(db).where('id', '=', id);
  if (cornerId) query = query.where('corner_id', '=', cornerId);
  return query.executeTakeFirst();
};

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

export const updateClient = (db: TDb, id: string, values: Updateable<ClientsTable>) =>
  db.updateTable('clients').set({ ...values, updated_at: new Date() }).where('id', '=', id).where('deleted_at', 'is', null).execute();

export const softDeleteClient = (db: TDb, id: string) =>
  db.updateTable('clients').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', id).where('deleted_at', 'is', null).execute();

export const listNotes = (db: TDb, clientId: string) =>
  db.selectFrom('client_notes').select(['id', 'author_id', 'text', 'created_at']).where('client_id', '=', clientId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const insertNote = (db: TDb, clientId: string, authorId: string, text: string) =>
  db.insertInto('client_notes').values({ client_id: clientId, author_id: authorId, text }).returning(['id', 'author_id', 'text', 'created_at']).executeTakeFirstOrThrow();
