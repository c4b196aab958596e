import type { TDb } from '../../../db/database';
import { newPracticeColumns, type TNewPractice } from '../engine/practices.repository';
import { nextChangeTime } from '../../../db/versioned';

/**
 * Owns (with practices.repository.ts, module practices): the money, policy and renewal columns of `practices`.
 * Dates are ISO `YYYY-MM-DD` text, compared as text.
 */

/** The issued policy and the commission computed on it. */
export const setPolicy = (db: TDb, id: string, policy: { number: string; effectiveDate: string; expiryDate: string; commissionCents: number | null }) =>
  db
    .updateTable('practices')
    .set({
      policy_number: policy.number,
      policy_effective_date: policy.effectiveDate,
      policy_expiry_date: policy.expiryDate,
      commission_cents: policy.commissionCents,
    })
    .where('id', '=', id)
    .execute();

/** Why the practice was refused or sent back to quotation (null: asked for issue again). */

/** Issued practices of a sector whose policy expires from `from` to `to` (inclusive), in expiry order. */
const issuedExpiring = (db: TDb, sector: string, state: string, from: string, to: string) =>
  db
    .selectFrom('practices')
    .selectAll()
    .where('sector', '=', sector)
    .where('state', '=', state)
    .where('policy_expiry_date', '>=', from)
    .where('policy_expiry_date', '<=', to)
    .orderBy('policy_expiry_date', 'asc')
    .orderBy('id', 'asc');

/** Those whose corner was not reminded yet. */
export const findToRemind = (db: TDb, sector: string, state: string, from: string, to: string) =>
  issuedExpiring(db, sector, state, from, to).where('renewal_reminded_at', 'is', null).execute();

/** Those not renewed yet. */
export const findToRepropose = (db: TDb, sector: string, state: string, from: string, to: string) =>
  issuedExpiring(db, sector, state, from, to).where('renewed_by_id', 'is', null).execute();

/** Marks the reminder sent, if no other instance did: true for the one that marks it. */
export const markReminded = async (db: TDb, id: string) =>
  (await db.updateTable('practices').set({ renewal_reminded_at: new Date() }).where('id', '=', id).where('renewal_reminded_at', 'is', null).returning('id').executeTakeFirst()) !== undefined;

/**
 * The practice that renews `renewalOfId`, unless one exists: the unique index on `renewal_of_id` makes a concurrent
 * second insert (another instance running the job) do nothing, so undefined answers "already opened".
 */
export const insertRenewal = (db: TDb, values: TNewPractice & { renewalOfId: string }) =>
  db
    .insertInto('practices')
    .values(newPracticeColumns(values))
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();

/** Links the issued practice to the one that renews it. */
export const setRenewedBy = (db: TDb, id: string, renewedById: string) => db.updateTable('practices').set({ renewed_by_id: renewedById, updated_at: nextChangeTime() }).where('id', '=', id).execute();
