import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-11-27T1000_news-schedule';
import { createTestDatabase } from '../testing/test-database';
import type { TDatabaseHandle } from './database';

// Issue 28: news get a schedule end, a pin and the announcement marks; what was already live counts as announced,
// so the schedule job does not announce old news again, and what was scheduled is announced at its start.
let database: TDatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('migration 2026-11-27T1000 news-schedule', () => {
  it('keeps the news, marks the live ones announced, and refuses an end not after the start', async () => {
    const db = database.db as never as Parameters<typeof up>[0];
    await down(db);
    await sql`insert into news (text, published_at) values ('in onda', now() - interval '1 day'), ('domani', now() + interval '1 day')`.execute(db);
    await up(db);

    const rows = await database.db.selectFrom('news').select(['text', 'pinned', 'publish_until', 'live_announced_at', 'expiry_announced_at']).orderBy('published_at').execute();
    expect(rows.map((row) => [row.text, row.pinned, row.publish_until, row.live_announced_at !== null, row.expiry_announced_at])).toEqual([
      ['in onda', false, null, true, null],
      ['domani', false, null, false, null],
    ]);
    await expect(sql`update news set publish_until = published_at`.execute(db)).rejects.toThrow(/news_until_after_from/);
  });
});
