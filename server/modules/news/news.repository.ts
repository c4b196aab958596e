import type { TDb } from '../../db/database';

/** Owns: `news` (module news; map in server/platform/table-ownership.unit.test.ts). */

/** News published by now, newest first, at most `limit`. */
export const listPublishedNews = (db: TDb, limit: number) =>
  db.selectFrom('news').select(['id', 'title', 'text']).where('published_at', '<=', new Date()).orderBy('published_at', 'desc').limit(limit).execute();
