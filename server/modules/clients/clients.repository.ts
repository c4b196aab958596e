import { sql } from 'kysely';
import type { TListClientsQuery } from '../../../shared/schemas/data';
import type { TDb } from '../../db/database';
import { CLIENT_FILTER_FIELDS } from '../../../shared/constants';
import { containsPattern } from '../../db/like';

/** Owns: `clients` (module clients; map in server/platform/table-ownership.test.ts). */

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
    base = base.where((eb) =>
      eb.or(['name', 'surname', 'business', 'email', 'cf', 'vat', 'phone'].map((column) => eb(sql<string>`lower(${sql.ref(column)})`, 'like', pattern))),
    );
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
