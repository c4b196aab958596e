import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 27, one ledger for everything a corner is owed, and payouts:
// - `ledger_entries` takes every kind of money a corner earns or is paid: commissions and clawbacks as before,
//   referral shares, payouts (negative, reserved when asked) and admin corrections; a mistake is fixed by a
//   `reversal` that names the entry it nets out (`reverses_id`, at most one each). A clawback names the commission it
//   takes back the same way (backfilled here).
// - `available_on`: the day an entry can be paid out (a commission inside its clawback window is shown apart until
//   then); null is available now. Backfilled for the supplies' commissions from their start and the offer's window.
// - `payouts`: what a corner asked to be paid (gift card, receipt for persons, invoice for companies), with the
//   amounts of its document frozen when asked, and how the admin paid it.
// - `payout_profiles`: the corner's billing data for receipts and invoices (address, IBAN).
// - `referral_codes` and `referrals`: every corner's link, and who registered through whose (one level).

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in ('commission', 'clawback', 'referral', 'payout', 'correction', 'reversal'))`.execute(db);
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('available_on', 'text')
    .addColumn('reverses_id', 'bigint', (col) => col.references('ledger_entries.id'))
    .addColumn('source_entry_id', 'bigint', (col) => col.references('ledger_entries.id'))
    .addColumn('payout_id', 'uuid')
    .execute();
  await sql`create unique index ledger_entries_reverses_idx on ledger_entries (reverses_id) where reverses_id is not null`.execute(db);
  await sql`create unique index ledger_entries_referral_source_idx on ledger_entries (source_entry_id) where kind = 'referral'`.execute(db);
  await sql`drop index ledger_entries_practice_kind_idx`.execute(db);
  await sql`create unique index ledger_entries_practice_kind_idx on ledger_entries (practice_id, kind) where practice_id is not null and kind in ('commission', 'clawback')`.execute(db);
  await sql`create index ledger_entries_available_idx on ledger_entries (corner_id, available_on) where available_on is not null`.execute(db);

  // The backfill writes two new columns of existing rows, once, with the append-only trigger paused.
  await sql`alter table ledger_entries disable trigger ledger_entries_no_change`.execute(db);
  await sql`
    update ledger_entries e set available_on = ((p.supply_start_date)::date + make_interval(months => (p.data #>> '{offer,clawbackMonths}')::int))::date::text
    from practices p
    where e.practice_id = p.id and e.kind = 'commission' and p.supply_start_date is not null
      and (p.data #>> '{offer,clawbackMonths}') ~ '^[0-9]+$' and (p.data #>> '{offer,clawbackMonths}')::int > 0
  `.execute(db);
  await sql`
    update ledger_entries c set reverses_id = e.id
    from ledger_entries e
    where c.kind = 'clawback' and e.kind = 'commission' and e.practice_id = c.practice_id and c.reverses_id is null
  `.execute(db);
  await sql`alter table ledger_entries enable trigger ledger_entries_no_change`.execute(db);

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('corner_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('method', 'text', (col) => col.notNull().check(sql`method in ('giftcard', 'receipt', 'invoice')`))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('requested').check(sql`state in ('requested', 'paid')`))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('withholding_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('stamp_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('net_cents', 'bigint', (col) => col.notNull())
    // A person's payout that takes its occasional fees of the year past 5.000 € (Gestione Separata INPS).
    .addColumn('threshold_crossed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('number', 'text')
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('document', 'jsonb')
    .addColumn('giftcard_choice_id', 'uuid')
    .addColumn('giftcard_name', 'text')
    .addColumn('giftcard_id', 'uuid', (col) => col.references('giftcards.id'))
    .addColumn('transfer_date', 'text')
    .addColumn('reference', 'text')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('paid_by', 'uuid', (col) => col.references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payouts_corner_idx').on('payouts').columns(['corner_id', 'created_at']).execute();
  await db.schema.createIndex('payouts_state_idx').on('payouts').columns(['state', 'created_at']).execute();
  await sql`create unique index payouts_number_idx on payouts (corner_id, method, number) where number is not null`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_payout_fk foreign key (payout_id) references payouts (id)`.execute(db);
  await sql`create unique index ledger_entries_payout_idx on ledger_entries (payout_id) where kind = 'payout'`.execute(db);

  await db.schema
    .createTable('payout_profiles')
    .addColumn('corner_id', 'uuid', (col) => col.primaryKey().references('users.id'))
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('postal_code', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('province', 'text', (col) => col.notNull())
    .addColumn('iban', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('referral_codes')
    .addColumn('corner_id', 'uuid', (col) => col.primaryKey().references('users.id'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('referrals')
    .addColumn('referee_id', 'uuid', (col) => col.primaryKey().references('users.id'))
    .addColumn('referrer_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('referrals_not_self', sql`referee_id <> referrer_id`)
    .execute();
  await db.schema.createIndex('referrals_referrer_idx').on('referrals').columns(['referrer_id', 'created_at']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('referrals').execute();
  await db.schema.dropTable('referral_codes').execute();
  await db.schema.dropTable('payout_profiles').execute();
  await sql`drop index if exists ledger_entries_payout_idx`.execute(db);
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_payout_fk`.execute(db);
  await db.schema.dropTable('payouts').execute();
};
