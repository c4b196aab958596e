import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Server-side search of the client lists (issue 14: /clienti and /admin/clienti over 100,000 clients).
// - `clients_fold(text)`: lower case without the accents of Italian names ("Nicolò" → "nicolo"); immutable, so
//   indexes and generated columns may use it. The repository folds the user's text with the same map.
// - `sort_name`: the name the lists sort by (the business name, else "surname name"), folded.
// - `search_text`: every filter field and the kind, folded, for the free search; a trigram (pg_trgm) GIN index
//   serves "contains" on it, also across every corner.
// - btree indexes led by the corner for its book's pages (by name, by date, by surname prefix, by codice fiscale
//   prefix), and the same without the corner for the admins' list of every corner.
// Every index is partial on the clients not deleted, as every list query is.

const FOLD_FROM = 'àáâãäåèéêëìíîïòóôõöùúûüýÿçñ';
const FOLD_TO = 'aaaaaaeeeeiiiiooooouuuuyycn';

const INDEXES: [name: string, definition: string][] = [
  ['clients_corner_sort_idx', '(corner_id, sort_name, id)'],
  ['clients_corner_created_idx', '(corner_id, created_at, id)'],
  ['clients_sort_idx', '(sort_name, id)'],
  ['clients_created_idx', '(created_at, id)'],
  ['clients_corner_surname_prefix_idx', '(corner_id, clients_fold(surname) text_pattern_ops)'],
  ['clients_surname_prefix_idx', '(clients_fold(surname) text_pattern_ops)'],
  ['clients_corner_cf_prefix_idx', '(corner_id, cf text_pattern_ops)'],
  ['clients_cf_prefix_idx', '(cf text_pattern_ops)'],
  // New rows wait in a pending list that every search reads until it is merged (by a vacuum, which PGlite never
  // runs on its own, or when it outgrows its limit): a small limit keeps that read short and inserts still batched.
  ['clients_search_trgm_idx', 'using gin (search_text gin_trgm_ops) with (gin_pending_list_limit = 256)'],
];

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql
    .raw(
      `create function clients_fold(value text) returns text language sql immutable strict parallel safe ` +
        `as $$ select translate(lower(value), '${FOLD_FROM}', '${FOLD_TO}') $$`,
    )
    .execute(db);
  await sql`alter table clients
    add column sort_name text generated always as (clients_fold(coalesce(nullif(business, ''), surname || ' ' || name))) stored,
    add column search_text text generated always as (
      clients_fold(business || ' ' || name || ' ' || surname || ' ' || email || ' ' || phone || ' ' || cf || ' ' || vat || ' ' || type)
    ) stored`.execute(db);
  for (const [name, definition] of INDEXES) {
    await sql.raw(`create index ${name} on clients ${definition} where deleted_at is null`).execute(db);
  }
  await sql`analyze clients`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
  await sql`alter table clients drop column search_text, drop column sort_name`.execute(db);
  await sql`drop function clients_fold(text)`.execute(db);
};
