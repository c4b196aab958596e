import { sql, type Insertable, type Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { NewsTable } from './news.tables';

/** Owns: `news` (module news; map in server/platform/table-ownership.unit.test.ts). */

const ADMIN_COLUMNS = ['id', 'title', 'text', 'published_at', 'publish_until', 'pinned', 'created_at', 'updated_at'] as const;

/** News live at `now` (started, not ended), pinned first, then newest first, at most `limit`. */
export const listLiveNews = (db: TDb, now: Date, limit: number) =>
  db
    .selectFrom('news')
    .select(['id', 'title', 'text'])
    .where('published_at', '<=', now)
    .where((eb) => eb.or([eb('publish_until', 'is', null), eb('publish_until', '>', now)]))
    .orderBy('pinned', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();

/** Every news item for the admins: pinned first, then by start, latest first. */
export const listAllNews = (db: TDb, limit: number) =>
  db.selectFrom('news').select(ADMIN_COLUMNS).orderBy('pinned', 'desc').orderBy('published_at', 'desc').orderBy('id').limit(limit).execute();

export const findNews = (db: TDb, id: string) => db.selectFrom('news').select(ADMIN_COLUMNS).where('id', '=', id).executeTakeFirst();

export const insertNews = (db: TDb, values: Insertable<NewsTable>) => db.insertInto('news').values(values).returning(ADMIN_COLUMNS).executeTakeFirstOrThrow();

export const updateNews = (db: TDb, id: string, values: Updateable<NewsTable>) =>
  db
    .updateTable('news')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(ADMIN_COLUMNS)
    .executeTakeFirst();

export const deleteNews = async (db: TDb, id: string) => (await db.deleteFrom('news').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n;

/**
 * Marks the starts and ends reached by `now` that were not announced yet, and answers how many: each row is marked
 * once (the update is atomic), so whoever marks it is the one who announces it.
 */
export const markReachedBoundaries = async (db: TDb, now: Date): Promise<number> => {
  const started = await db.updateTable('news').set({ live_announced_at: now }).where('live_announced_at', 'is', null).where('published_at', '<=', now).executeTakeFirst();
  const ended = await db
    .updateTable('news')
    .set({ expiry_announced_at: now })
    .where('expiry_announced_at', 'is', null)
    .where('publish_until', 'is not', null)
    .where('publish_until', '<=', now)
    .executeTakeFirst();
  return Number(started.numUpdatedRows + ended.numUpdatedRows);
};
