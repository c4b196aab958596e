import { sql } from 'kysely';
import type { TNotificationData, TNotificationKind } from '../../../shared/schemas/notifications';
import type { TDb } from '../../db/database';
import { findUserCards, recipientIds, type TRecipients } from '../auth/users.repository';
import { queueEmails } from './email-outbox';

/**
 * Owns: `notifications`, `notification_preferences` (module notifications; `push_subscriptions` in
 * push-subscriptions.repository.ts, `email_outbox` in email-outbox.ts; map in server/platform/table-ownership.unit.test.ts).
 * Accounts (`users`, module auth) are read through auth's repository, inside these statements' transaction.
 */

const COLUMNS = ['id', 'user_id', 'created_at', 'read_at', 'data'] as const;

export type { TRecipients };

/** One row per recipient, in one statement; users that do not exist (any more) are skipped. */
export const insertNotifications = (db: TDb, recipients: TRecipients, kind: TNotificationKind, data: TNotificationData) =>
  db
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'data'])
    .expression((eb) =>
      eb.selectFrom(recipientIds(db, recipients).as('r')).select((inner) => ['r.id', inner.val(kind).as('kind'), sql<string>`${JSON.stringify(data)}::jsonb`.as('data')]),
    )
    .returning(COLUMNS)
    .execute();

/** A page of the user's notifications, newest first. */
export const listNotifications = (db: TDb, userId: string, page: { limit: number; offset: number }) =>
  db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();

export const countNotifications = async (db: TDb, userId: string) => {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere('read_at', 'is', null).as('unread')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
};

export const countUnread = async (db: TDb, userId: string) => {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
};

/** The user's notifications after `afterId`, oldest first (a subscription's replay). */
export const listNotificationsAfter = (db: TDb, userId: string, afterId: string, limit: number) =>
  db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId).where('id', '>', afterId).orderBy('id', 'asc').limit(limit).execute();

/** Marks read the given notifications of this user only; ids of other users' notifications change nothing. */
export const markNotificationsRead = (db: TDb, userId: string, ids: readonly string[]) =>
  db.updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', userId).where('id', 'in', [...ids]).where('read_at', 'is', null).execute();

export const markAllNotificationsRead = (db: TDb, userId: string) =>
  db.updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null).execute();

/**
 * Queues one e-mail per recipient that has e-mail on for `kind` (its own choice, or `defaultEmail` when it never
 * chose); meant for the transaction that stores the notifications. Answers how many were queued.
 */
export const queueNotificationEmails = async (
  db: TDb,
  userIds: readonly string[],
  kind: TNotificationKind,
  defaultEmail: boolean,
  mail: { subject: string; text: string },
): Promise<number> => {
  if (userIds.length === 0) return 0;
  const users = await findUserCards(db, userIds);
  const choices = await db.selectFrom('notification_preferences').select(['user_id', 'email']).where('user_id', 'in', [...userIds]).where('key', '=', kind).execute();
  const chosen = new Map(choices.map((row) => [row.user_id, row.email]));
  const recipients = users.filter((user) => chosen.get(user.id) ?? defaultEmail).map((user) => user.email);
  if (recipients.length === 0) return 0;
  await queueEmails(
    db,
    recipients.map((to) => ({ to, subject: mail.subject, text: mail.text })),
  );
  return recipients.length;
};

/** The flags the user changed, by key (keys without a row keep their defaults). */
export const listPreferences = (db: TDb, userId: string) =>
  db.selectFrom('notification_preferences').select(['key', 'email', 'webpush']).where('user_id', '=', userId).execute();

export const upsertPreference = (db: TDb, userId: string, key: TNotificationKind, flags: { email: boolean; webpush: boolean }) =>
  db
    .insertInto('notification_preferences')
    .values({ user_id: userId, key, ...flags })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ ...flags, updated_at: sql<Date>`now()` }))
    .execute();

/** Role and broker type, which decide the preference keys a user has. */
export const findPreferenceSubject = async (db: TDb, userId: string) => (await findUserCards(db, [userId]))[0];
