import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 28, news the admins schedule and pin: `published_at` is when a news item goes live (publishFrom),
// `publish_until` when it leaves the ticker (none: it stays). `live_announced_at` and `expiry_announced_at` record
// that the connected browsers were told the item went live or expired, so the schedule job tells them once, even
// after a pause of the server; items already live when this runs count as announced.

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('news')
    .addColumn('publish_until', 'timestamptz')
    .addColumn('pinned', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('live_announced_at', 'timestamptz')
    .addColumn('expiry_announced_at', 'timestamptz')
    .execute();
  await sql`update news set live_announced_at = now() where published_at <= now()`.execute(db);
  await sql`alter table news add constraint news_until_after_from check (publish_until is null or publish_until > published_at)`.execute(db);
  // What the schedule job looks for: items whose start or end has not been announced yet.
  await sql`create index news_unannounced_idx on news (published_at) where live_announced_at is null or (publish_until is not null and expiry_announced_at is null)`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`drop index if exists news_unannounced_idx`.execute(db);
  await sql`alter table news drop constraint if exists news_until_after_from`.execute(db);
  await db.schema.alterTable('news').dropColumn('publish_until').dropColumn('pinned').dropColumn('updated_at').dropColumn('live_announced_at').dropColumn('expiry_announced_at').execute();
};
