import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 26 point 11: the client lists also sort by the name as they show it ("Mario Rossi": the name, then the
// surname; a company by its business name), beside `sort_name` (surname first). Folded with `clients_fold` like
// `sort_name`, with the same two indexes (a corner's book, and every corner's for the admins), partial on the
// clients not deleted as every list query is.

const INDEXES: [name: string, definition: string][] = [
  ['clients_corner_display_sort_idx', '(corner_id, display_sort_name, id)'],
  ['clients_display_sort_idx', '(display_sort_name, id)'],
];

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`alter table clients
    add column display_sort_name text generated always as (clients_fold(coalesce(nullif(business, ''), name || ' ' || surname))) stored`.execute(db);
  for (const [name, definition] of INDEXES) {
    await sql.raw(`create index ${name} on clients ${definition} where deleted_at is null`).execute(db);
  }
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
  await sql`alter table clients drop column display_sort_name`.execute(db);
};
