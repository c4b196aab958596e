import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** Owns `ledger_entries` (module ledger): inserts only; the table refuses updates and deletes. */

export type TNewLedgerEntry = {
  cornerId: string;
  practiceId: string | null;
  sector: string | null;
  kind: 'commission' | 'clawback';
  amountCents: number;
  description: string;
  actorId: string | null;
};

/** Appends entries; a second entry of the same kind for a practice is skipped (one commission, one clawback each). */
export const appendEntries = async (db: TDb, entries: readonly TNewLedgerEntry[]) => {
  for (let start = 0; start < entries.length; start += 2000) {
    const chunk = entries.slice(start, start + 2000);
    await db
      .insertInto('ledger_entries')
      .values(
        chunk.map((entry) => ({
          corner_id: entry.cornerId,
          practice_id: entry.practiceId,
          sector: entry.sector,
          kind: entry.kind,
          amount_cents: entry.amountCents,
          description: entry.description,
          actor_id: entry.actorId,
        })),
      )
      .onConflict((oc) => oc.columns(['practice_id', 'kind']).where('practice_id', 'is not', null).doNothing())
      .execute();
  }
};

/** The entries of some practices, oldest first. */
export const entriesOfPractices = (db: TDb, practiceIds: readonly string[]) =>
  practiceIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('ledger_entries').selectAll().where('practice_id', 'in', [...practiceIds]).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();

/** A page of a corner's entries (or everyone's: cornerId null), newest first, with the count and the balance of all. */
export const pageOf = async (db: TDb, cornerId: string | null, page: number, limit: number) => {
  let base = db.selectFrom('ledger_entries');
  if (cornerId) base = base.where('corner_id', '=', cornerId);
  const [rows, totals] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select([sql<string>`count(*)`.as('total'), sql<string>`coalesce(sum(amount_cents), 0)`.as('balance')]).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(totals.total), balanceCents: Number(totals.balance) };
};
