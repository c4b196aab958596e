import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/**
 * Owns: `ledger_statements` (module statements; map in server/platform/table-ownership.unit.test.ts). Also reads,
 * never writes, `ledger_entries` with the `practices` and `clients` it names (exceptions listed in that map): a
 * statement is a report over the ledger, each entry shown by its own description and signed amount, so a new kind
 * of entry needs no change here.
 */

/** Midnight in Italy at the start of `month` (YYYY-MM), as a timestamptz: the ledger's index on created_at serves. */
const monthStart = (month: string) => sql<Date>`(${`${month}-01`}::timestamp at time zone 'Europe/Rome')`;

/** The sum of a corner's entries before `month` began (in Italy). */
export const balanceBefore = async (db: TDb, cornerId: string, month: string): Promise<number> => {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('balance'))
    .where('corner_id', '=', cornerId)
    .where('created_at', '<', monthStart(month))
    .executeTakeFirstOrThrow();
  return Number(row.balance);
};

/** A corner's entries of `month` (in Italy, up to `next` excluded), oldest first, with their practice and its client. */
export const entriesOfMonth = (db: TDb, cornerId: string, month: string, next: string) =>
  db
    .selectFrom('ledger_entries as e')
    .leftJoin('practices as p', 'p.id', 'e.practice_id')
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .select([
      'e.id',
      'e.created_at',
      'e.amount_cents',
      'e.description',
      'p.sector',
      'p.data',
      'p.policy_number',
      'c.type as client_type',
      'c.name as client_name',
      'c.surname as client_surname',
      'c.business as client_business',
    ])
    .where('e.corner_id', '=', cornerId)
    .where('e.created_at', '>=', monthStart(month))
    .where('e.created_at', '<', monthStart(next))
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
export type TStatementEntryRow = Awaited<ReturnType<typeof entriesOfMonth>>[number];

/** The corners with entries in `month` whose statement of that month is not stored yet. */
export const cornersToState = async (db: TDb, month: string, next: string): Promise<string[]> => {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .select('e.corner_id')
    .distinct()
    .where('e.created_at', '>=', monthStart(month))
    .where('e.created_at', '<', monthStart(next))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_statements as s').select(sql`1`.as('one')).whereRef('s.corner_id', '=', 'e.corner_id').where('s.month', '=', month))),
    )
    .orderBy('e.corner_id')
    .execute();
  return rows.map((row) => row.corner_id);
};

/** The statement stored for a corner and month, if any. */
export const findStatement = (db: TDb, cornerId: string, month: string) =>
  db.selectFrom('ledger_statements').select(['file_id', 'created_at']).where('corner_id', '=', cornerId).where('month', '=', month).executeTakeFirst();

/** Records the statement, in the transaction that records its file; false when one was recorded first (nothing added). */
export const insertStatement = async (trx: TDb, values: { cornerId: string; month: string; fileId: string }): Promise<boolean> => {
  const row = await trx
    .insertInto('ledger_statements')
    .values({ corner_id: values.cornerId, month: values.month, file_id: values.fileId })
    .onConflict((oc) => oc.columns(['corner_id', 'month']).doNothing())
    .returning('corner_id')
    .executeTakeFirst();
  return row !== undefined;
};

/** Forgets a statement whose file is gone (deleted by an admin), so that it can be made again. */
export const deleteStatement = (db: TDb, cornerId: string, month: string, fileId: string) =>
  db.deleteFrom('ledger_statements').where('corner_id', '=', cornerId).where('month', '=', month).where('file_id', '=', fileId).execute();
