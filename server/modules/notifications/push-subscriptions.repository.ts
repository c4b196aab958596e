import type { TDb } from '../../db/database';
import { liveSessionIds } from '../auth/auth.repository';

/**
 * Owns: `push_subscriptions` (module notifications; map in server/platform/table-ownership.unit.test.ts). A browser's
 * web push subscription, bound to the session that stored it.
 */

export type TSubscriptionValues = {
  user_id: string;
  session_id: string;
  p256dh: string;
  auth: string;
  expiration_time: Date | null;
  user_agent: string | null;
  failures: number;
};

export const hasSessionSubscription = async (db: TDb, endpoint: string, user: { userId: string; sessionId: string }) =>
  (await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', user.userId)
    .where('session_id', '=', user.sessionId)
    .executeTakeFirst()) !== undefined;

/**
 * Stores the endpoint for this user's session; an endpoint the same user stored moves to it, one stored by
 * another user is left alone (answers false).
 */
export const upsertSubscription = async (trx: TDb, endpoint: string, values: TSubscriptionValues) =>
  (await trx
    .insertInto('push_subscriptions')
    .values({ endpoint, ...values })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(values).where('push_subscriptions.user_id', '=', values.user_id))
    .returning('id')
    .executeTakeFirst()) !== undefined;

/** Keeps the user's `keep` newest subscriptions, removes the others. */
export const trimSubscriptions = async (trx: TDb, userId: string, keep: number) => {
  const newest = trx.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(keep);
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', newest).execute();
};

export const deleteUserSubscription = (db: TDb, endpoint: string, userId: string) =>
  db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).execute();

export const deleteSubscription = (db: TDb, id: string) => db.deleteFrom('push_subscriptions').where('id', '=', id).execute();

export const markPushSent = (db: TDb, id: string) => db.updateTable('push_subscriptions').set({ last_success_at: new Date(), failures: 0 }).where('id', '=', id).execute();

export const countPushFailure = (db: TDb, id: string) =>
  db
    .updateTable('push_subscriptions')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();

/** Subscriptions of these users' unexpired sessions, for users who turned web push on for `kind`. */
export const listDeliverableSubscriptions = (db: TDb, kind: string, userIds: readonly string[]) =>
  db
    .selectFrom('push_subscriptions as s')
    .innerJoin('notification_preferences as p', (join) => join.onRef('p.user_id', '=', 's.user_id').on('p.key', '=', kind).on('p.webpush', '=', true))
    .select(['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth'])
    .where('s.user_id', 'in', [...userIds])
    .where('s.session_id', 'in', liveSessionIds(db))
    .execute();
