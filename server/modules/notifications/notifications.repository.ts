import { sql } from 'kysely';
import type { TRole } from '../../../shared/constants';
import type { TNotificationData, TNotificationKind } from '../../../shared/schemas/notifications';
import type { TDb } from '../../db/database';

const COLUMNS = ['id', 'user_id', 'created_at', 'read_at', 'data'] as const;

/** Who gets a notification: these users (unless deleted), or every active user of a role. */
export type TRecipients = readonly string[] | { role: TRole };

/** One row per recipient, in one statement; users that do not exist (any more) are skipped. */
export const insertNotifications = (db: TDb, recipients: TRecipients, kind: TNotificationKind, data: TNotificationData) =>
  db
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'data'])
    .expression((eb) => {
      const users = eb.selectFrom('users').select((inner) => ['id', inner.val(kind).as('kind'), sql<string>`${JSON.stringify(data)}::jsonb`.as('data')]);
      return 'role' in recipients
        ? users.where('role', '=', recipients.role).where('state', '=', 'active')
        : users.where('id', 'in', [...recipients]).where('state', '<>', 'deleted');
    })
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
  const rows = await db
    .selectFrom('users')
    .leftJoin('notification_preferences as p', (join) => join.onRef('p.user_id', '=', 'users.id').on('p.key', '=', kind))
    .select(['users.email as email', 'p.email as enabled'])
    .where('users.id', 'in', [...userIds])
    .execute();
  const recipients = rows.filter((row) => row.enabled ?? defaultEmail).map((row) => row.email);
  if (recipients.length === 0) return 0;
  await db
    .insertInto('email_outbox')
    .values(recipients.map((to) => ({ to, subject: mail.subject, text: mail.text })))
    .execute();
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
export const findPreferenceSubject = (db: TDb, userId: string) =>
  db.selectFrom('users').select(['role', 'broker_type']).where('id', '=', userId).executeTakeFirst();
