import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 26: a practice's history (`practice_events`) is append-only by the database, as the ledger is: a trigger
// refuses updates and deletes of its rows. Both tables also refuse TRUNCATE (a statement-level trigger: the row
// triggers of 2026-11-24T0100 do not fire on it). Nothing references either table and no code deletes a practice
// (its history and its ledger entries reference it without cascade), so nothing legitimate is refused; the test
// reset empties them with triggers off (server/testing/test-app.ts).

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`create function practice_events_append_only() returns trigger language plpgsql as $$ begin raise exception 'practice_events is append-only'; end $$`.execute(db);
  await sql`create trigger practice_events_no_change before update or delete on practice_events for each row execute function practice_events_append_only()`.execute(db);
  await sql`create trigger practice_events_no_truncate before truncate on practice_events for each statement execute function practice_events_append_only()`.execute(db);
  await sql`create trigger ledger_entries_no_truncate before truncate on ledger_entries for each statement execute function ledger_entries_append_only()`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`drop trigger if exists ledger_entries_no_truncate on ledger_entries`.execute(db);
  await sql`drop trigger if exists practice_events_no_truncate on practice_events`.execute(db);
  await sql`drop trigger if exists practice_events_no_change on practice_events`.execute(db);
  await sql`drop function if exists practice_events_append_only()`.execute(db);
};
