import type { TDb } from '../../db/database';

/**
 * Owns: `referral_codes`, `referrals` (module referrals). `referrersOf` is exported to the ledger's repository
 * callers to take part in their transaction (a commission's share is written with it).
 */

export const findCode = (db: TDb, cornerId: string) => db.selectFrom('referral_codes').select('code').where('corner_id', '=', cornerId).executeTakeFirst();

/** Stores a code unless the corner has one; answers whether it was stored (a taken code: try another). */
export const insertCode = async (db: TDb, cornerId: string, code: string) =>
  (await db.insertInto('referral_codes').values({ corner_id: cornerId, code }).onConflict((oc) => oc.doNothing()).returning('code').executeTakeFirst()) !== undefined;

/** Removes a corner's code (its account deleted, issue 28): the link stops working; who registered through it stays. */
export const deleteCodeOf = (db: TDb, cornerId: string) => db.deleteFrom('referral_codes').where('corner_id', '=', cornerId).execute();

export const ownerOfCode = (db: TDb, code: string) => db.selectFrom('referral_codes').select('corner_id').where('code', '=', code).executeTakeFirst();

export const insertReferral = async (db: TDb, refereeId: string, referrerId: string) =>
  (await db.insertInto('referrals').values({ referee_id: refereeId, referrer_id: referrerId }).onConflict((oc) => oc.doNothing()).returning('referee_id').executeTakeFirst()) !== undefined;

export const referralsOf = (db: TDb, referrerId: string) =>
  db.selectFrom('referrals').select(['referee_id', 'created_at']).where('referrer_id', '=', referrerId).orderBy('created_at', 'desc').execute();

/** The referrer of each of these corners (those that have one). */
export const referrersOf = (db: TDb, refereeIds: readonly string[]) =>
  refereeIds.length === 0 ? Promise.resolve([]) : db.selectFrom('referrals').select(['referee_id', 'referrer_id', 'created_at']).where('referee_id', 'in', [...refereeIds]).execute();
