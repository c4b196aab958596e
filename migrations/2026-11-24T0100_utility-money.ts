import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 16 (luce e gas, GPL):
// - `ledger_entries`: the corners' ledger (design "Money"), append-only: commissions (positive) and clawbacks
//   (negative) in integer cents, at most one of each kind per practice; a trigger refuses updates and deletes.
// - The supply's expected start (the timeline's rule), start and end on the practice (ISO `YYYY-MM-DD` text, as the
//   policy dates), so lists sort and filter on them.
// - Expression indexes on the POD, the PDR and the offer's code inside `data`: the duplicate guard, the lists'
//   filters and the outcome import find an activation by its meter without reading the sector's rows.
// - The empty offers catalogues stored by 2026-11-21T1100 are removed, so the platform reads its default catalogue
//   (the settings module's typed default) until the admin saves one; a catalogue the admin changed stays.

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('corner_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('practice_id', 'uuid', (col) => col.references('practices.id'))
    .addColumn('sector', 'text')
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('commission', 'clawback')`))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index ledger_entries_practice_kind_idx on ledger_entries (practice_id, kind) where practice_id is not null`.execute(db);
  await sql`create index ledger_entries_corner_idx on ledger_entries (corner_id, created_at desc, id desc)`.execute(db);
  await sql`create function ledger_entries_append_only() returns trigger language plpgsql as $$ begin raise exception 'ledger_entries is append-only'; end $$`.execute(db);
  await sql`create trigger ledger_entries_no_change before update or delete on ledger_entries for each row execute function ledger_entries_append_only()`.execute(db);

  await db.schema.alterTable('practices').addColumn('expected_start_date', 'text').execute();
  await db.schema.alterTable('practices').addColumn('supply_start_date', 'text').execute();
  await db.schema.alterTable('practices').addColumn('supply_end_date', 'text').execute();
  await sql`create index practices_lg_pod_idx on practices ((data #>> '{electricity,pod}')) where sector = 'luce-e-gas'`.execute(db);
  await sql`create index practices_lg_pdr_idx on practices ((data #>> '{gas,pdr}')) where sector = 'luce-e-gas'`.execute(db);
  await sql`create index practices_offer_idx on practices (sector, (data #>> '{offer,id}'))`.execute(db);
  await sql`create index practices_expected_start_idx on practices (sector, expected_start_date)`.execute(db);
  await sql`delete from settings where key in ('luceGasConfig', 'gplConfig') and value = '{"offers": []}'::jsonb`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`drop index if exists practices_expected_start_idx`.execute(db);
  await sql`drop index if exists practices_offer_idx`.execute(db);
  await sql`drop index if exists practices_lg_pdr_idx`.execute(db);
  await sql`drop index if exists practices_lg_pod_idx`.execute(db);
  await db.schema.alterTable('practices').dropColumn('supply_end_date').execute();
  await db.schema.alterTable('practices').dropColumn('supply_start_date').execute();
  await db.schema.alterTable('practices').dropColumn('expected_start_date').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await sql`drop function if exists ledger_entries_append_only()`.execute(db);
};
