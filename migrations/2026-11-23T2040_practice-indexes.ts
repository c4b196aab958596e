import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Search of the practice lists (issue 15: RC Auto lists over 200,000 practices, bench/practices-list.bench.ts).
// - A trigram (pg_trgm) GIN index on `search_text` serves "contains" across every corner (an admin's or a broker's
//   free text: a plate, a chassis number, a tax code); a corner's own list is read through the index led by
//   corner_id of migration 2026-11-23T1900 and each word checked on those rows.
// - New rows wait in the GIN pending list, which every search reads until it is merged (by a vacuum, which PGlite
//   never runs on its own, or when it outgrows its limit): a small limit keeps that read short.

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index practices_search_trgm_idx on practices using gin (search_text gin_trgm_ops) with (gin_pending_list_limit = 256)`.execute(db);
  await sql`analyze practices`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`drop index if exists practices_search_trgm_idx`.execute(db);
};
