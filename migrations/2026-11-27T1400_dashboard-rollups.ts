import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 28: the admin dashboard reads rollups, kept by database triggers, instead of grouping the whole `practices`
// and `practice_events` tables: every figure of a period then reads a number of rows that depends on the period's
// length, not on how many practices the network holds. Days are Italian days (Europe/Rome).
//
// - dashboard_state_counts (sector, state, n): practices now in each state.
// - dashboard_practice_days (day, sector, opened, converted): practices created that day, and how many of them have
//   by now entered a converting state (`emitted` for insurance, `activated` for utilities), bumped once per practice
//   when its first such event is written.
// - dashboard_state_days (day, sector, state, entered, premium_cents): history events entering a state that day (one
//   per event, as the dashboard counts them), and for `emitted` the chosen quotation's premium of each.
// - dashboard_stays (level, block, sector, state, bucket, n): the time spent in a state (from the event entering it to
//   the practice's next change of state), counted on the Italian day the stay ended, in log-scale buckets (bucket 0:
//   under 1 ms; bucket k ≥ 1: [1.1^(k-1), 1.1^k) ms; the median read at a bucket's geometric middle is within 4.9 %).
//   Each stay is counted at 11 levels of dyadic day blocks (level L, block = day number since 2000-01-01 >> L), so a
//   period of up to 2,047 days is read as at most 2 × 11 blocks, whatever its length and the table's size.
// - dashboard_ledger_days (day, commissions_cents, clawbacks_cents): the ledger's commissions and clawbacks by day.
//
// The triggers are statement-level, over the statement's transition tables: a bulk statement (the utilities' outcome
// import moves thousands of practices in one UPDATE) makes one upsert per counter, not one per row.
//
// Concurrency: every trigger writes its counters with one `insert … select … group by <key> order by <key> on
// conflict do update` per table, so in sorted key order, and the tables always in the order state_counts,
// practice_days, state_days, stays (a transition updates the practice, then appends its event): two transactions
// moving practices in opposite directions take the same rows in the same order and wait for each other instead of
// deadlocking (server/modules/dashboard/dashboard.rollups-race.test.ts).
//
// Backdating (`created_at` of a practice changed, an event inserted with a past `at`) and deleting a practice are
// followed by the triggers; a TRUNCATE of the history or of the ledger (the test reset, with triggers off:
// `session_replication_role = replica`) empties what came from them (those triggers are ENABLE ALWAYS). The history
// and the ledger are append-only, so nothing else changes them. Loading rows with triggers off (the benchmark)
// leaves the rollups behind: `select dashboard_rollups_rebuild()` recounts them from the base rows.

const ROME_DAY = `(ts at time zone 'Europe/Rome')::date`;

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`create table dashboard_state_counts (sector text not null, state text not null, n bigint not null default 0, primary key (sector, state))`.execute(db);
  await sql`create table dashboard_practice_days (day date not null, sector text not null, opened bigint not null default 0, converted bigint not null default 0, primary key (day, sector))`.execute(db);
  await sql`create table dashboard_state_days (day date not null, sector text not null, state text not null, entered bigint not null default 0, premium_cents bigint not null default 0, primary key (day, sector, state))`.execute(db);
  await sql`create table dashboard_stays (level smallint not null, block integer not null, sector text not null, state text not null, bucket smallint not null, n bigint not null default 0, primary key (level, block, sector, state, bucket))`.execute(db);
  await sql`create table dashboard_ledger_days (day date primary key, commissions_cents bigint not null default 0, clawbacks_cents bigint not null default 0)`.execute(db);

  await sql.raw(`create function dashboard_day(ts timestamptz) returns date language sql immutable parallel safe as $$ select ${ROME_DAY} $$`).execute(db);
  await sql`create function dashboard_bucket(ms double precision) returns smallint language sql immutable parallel safe as $$
    select case when ms < 1 then 0 else least(299, 1 + floor(ln(ms) / ln(1.1)))::smallint end $$`.execute(db);

  // Practices: every statement's rows at once (a bulk update of 10,000 practices makes one upsert per counter). The
  // moves of a statement: -1 for a row as it was, +1 as it is (only rows whose sector, state or creation changed).
  const practiceMoves = {
    INSERT: `select id, sector, state, dashboard_day(created_at) as day, 1 as delta from new_rows`,
    DELETE: `select id, sector, state, dashboard_day(created_at) as day, -1 as delta from old_rows`,
    UPDATE: `select o.id, o.sector, o.state, dashboard_day(o.created_at) as day, -1 as delta from old_rows o join new_rows n on n.id = o.id
          where o.sector is distinct from n.sector or o.state is distinct from n.state or o.created_at is distinct from n.created_at
        union all
        select n.id, n.sector, n.state, dashboard_day(n.created_at), 1 from old_rows o join new_rows n on n.id = o.id
          where o.sector is distinct from n.sector or o.state is distinct from n.state or o.created_at is distinct from n.created_at`,
  };
  for (const [op, moves] of Object.entries(practiceMoves)) {
    const converted = op === 'INSERT' ? '0' : `case when exists (select 1 from practice_events e where e.practice_id = m.id and e.to_state in ('emitted', 'activated')) then m.delta else 0 end`;
    await sql
      .raw(
        `create function dashboard_on_practices_${op.toLowerCase()}() returns trigger language plpgsql as $$
    begin
      insert into dashboard_state_counts as t (sector, state, n)
        select sector, state, sum(delta) from (${moves}) m group by 1, 2 having sum(delta) <> 0 order by 1, 2
        on conflict (sector, state) do update set n = t.n + excluded.n;
      insert into dashboard_practice_days as t (day, sector, opened, converted)
        select day, sector, sum(delta), sum(converted) from (select m.*, ${converted} as converted from (${moves}) m) m
        group by 1, 2 having sum(delta) <> 0 or sum(converted) <> 0 order by 1, 2
        on conflict (day, sector) do update set opened = t.opened + excluded.opened, converted = t.converted + excluded.converted;
      return null;
    end $$`,
      )
      .execute(db);
    const referencing = op === 'INSERT' ? 'new table as new_rows' : op === 'DELETE' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';
    await sql
      .raw(`create trigger dashboard_practices_${op.toLowerCase()} after ${op.toLowerCase()} on practices referencing ${referencing} for each statement execute function dashboard_on_practices_${op.toLowerCase()}()`)
      .execute(db);
  }

  // History: the states entered; the practices converted (their first converting event); and the stays, recounted
  // for the practices the statement wrote to: every stay of their history now, less every stay before the statement
  // (exact whatever the order of the timestamps: an event inserted in the past splits a stay in two).
  await sql`create function dashboard_on_events() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from new_rows where to_state is not null) then return null; end if;
      insert into dashboard_practice_days as t (day, sector, opened, converted)
        select dashboard_day(p.created_at), p.sector, 0, count(*)
        from practices p
        where p.id in (select practice_id from new_rows where to_state in ('emitted', 'activated'))
          and not exists (select 1 from practice_events e where e.practice_id = p.id and e.to_state in ('emitted', 'activated') and e.id not in (select id from new_rows))
        group by 1, 2 order by 1, 2
        on conflict (day, sector) do update set converted = t.converted + excluded.converted;
      insert into dashboard_state_days as t (day, sector, state, entered, premium_cents)
        select dashboard_day(e.at), p.sector, e.to_state, count(*), coalesce(sum(q.premium_cents), 0)
        from new_rows e join practices p on p.id = e.practice_id
        left join practice_quotations q on e.to_state = 'emitted' and q.practice_id = e.practice_id and q.chosen
        where e.to_state is not null
        group by 1, 2, 3 order by 1, 2, 3
        on conflict (day, sector, state) do update set entered = t.entered + excluded.entered, premium_cents = t.premium_cents + excluded.premium_cents;
      if not exists (select 1 from new_rows where to_state is not null and from_state is distinct from to_state) then return null; end if;
      insert into dashboard_stays as t (level, block, sector, state, bucket, n)
        with touched as (
          select distinct practice_id from new_rows where to_state is not null and from_state is distinct from to_state
        ), changes as (
          select e.practice_id, e.id, e.at, e.to_state, e.id in (select id from new_rows) as is_new
          from practice_events e join touched using (practice_id)
          where e.to_state is not null and e.from_state is distinct from e.to_state
        ), stays as (
          select practice_id, to_state, at, lead(at) over (partition by practice_id order by at, id) as left_at, 1 as delta from changes
          union all
          select practice_id, to_state, at, lead(at) over (partition by practice_id order by at, id), -1 from changes where not is_new
        ), days as (
          select dashboard_day(s.left_at) - date '2000-01-01' as d, p.sector, s.to_state as state, dashboard_bucket(extract(epoch from s.left_at - s.at) * 1000) as bucket, sum(s.delta) as n
          from stays s join practices p on p.id = s.practice_id
          where s.left_at is not null
          group by 1, 2, 3, 4 having sum(s.delta) <> 0
        )
        select l.level, d >> l.level, sector, state, bucket, sum(n) from days cross join generate_series(0, 10) as l(level)
        group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
        on conflict (level, block, sector, state, bucket) do update set n = t.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`create trigger dashboard_practice_events_insert after insert on practice_events referencing new table as new_rows for each statement execute function dashboard_on_events()`.execute(db);

  // The chosen premium of a practice already issued changes: its issue days follow.
  const premiumMoves = {
    INSERT: `select practice_id, premium_cents as delta from new_rows where chosen`,
    DELETE: `select practice_id, -premium_cents as delta from old_rows where chosen`,
    UPDATE: `select practice_id, premium_cents as delta from new_rows where chosen union all select practice_id, -premium_cents from old_rows where chosen`,
  };
  for (const [op, moves] of Object.entries(premiumMoves)) {
    await sql
      .raw(
        `create function dashboard_on_quotations_${op.toLowerCase()}() returns trigger language plpgsql as $$
    begin
      insert into dashboard_state_days as t (day, sector, state, entered, premium_cents)
        select dashboard_day(e.at), p.sector, 'emitted', 0, sum(m.delta)
        from (select practice_id, sum(delta) as delta from (${moves}) x group by 1 having sum(delta) <> 0) m
        join practice_events e on e.practice_id = m.practice_id and e.to_state = 'emitted'
        join practices p on p.id = m.practice_id
        group by 1, 2 having sum(m.delta) <> 0 order by 1, 2
        on conflict (day, sector, state) do update set premium_cents = t.premium_cents + excluded.premium_cents;
      return null;
    end $$`,
      )
      .execute(db);
    const referencing = op === 'INSERT' ? 'new table as new_rows' : op === 'DELETE' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';
    await sql
      .raw(`create trigger dashboard_practice_quotations_${op.toLowerCase()} after ${op.toLowerCase()} on practice_quotations referencing ${referencing} for each statement execute function dashboard_on_quotations_${op.toLowerCase()}()`)
      .execute(db);
  }

  await sql`create function dashboard_on_ledger() returns trigger language plpgsql as $$
    begin
      insert into dashboard_ledger_days as t (day, commissions_cents, clawbacks_cents)
        select dashboard_day(created_at), coalesce(sum(amount_cents) filter (where kind = 'commission'), 0), coalesce(sum(amount_cents) filter (where kind = 'clawback'), 0)
        from new_rows where kind in ('commission', 'clawback')
        group by 1 order by 1
        on conflict (day) do update set commissions_cents = t.commissions_cents + excluded.commissions_cents, clawbacks_cents = t.clawbacks_cents + excluded.clawbacks_cents;
      return null;
    end $$`.execute(db);
  await sql`create trigger dashboard_ledger_entries_insert after insert on ledger_entries referencing new table as new_rows for each statement execute function dashboard_on_ledger()`.execute(db);

  // TRUNCATE (with triggers off too: ENABLE ALWAYS) empties what came from the truncated table.
  await sql`create function dashboard_on_truncate() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'ledger_entries' then
        truncate dashboard_ledger_days;
      elsif tg_table_name = 'practice_events' then
        truncate dashboard_state_days, dashboard_stays;
        update dashboard_practice_days set converted = 0 where converted <> 0;
      else
        truncate dashboard_state_counts, dashboard_practice_days, dashboard_state_days, dashboard_stays;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['practices', 'practice_events', 'ledger_entries']) {
    await sql.raw(`create trigger dashboard_${table}_truncate after truncate on ${table} for each statement execute function dashboard_on_truncate()`).execute(db);
    await sql.raw(`alter table ${table} enable always trigger dashboard_${table}_truncate`).execute(db);
  }

  // Recounts every rollup from the base rows (the backfill; after a bulk load with triggers off), each table written in
  // key order so that a period's rows lie on few pages.
  await sql`create function dashboard_rollups_rebuild() returns void language plpgsql as $$
    begin
      truncate dashboard_state_counts, dashboard_practice_days, dashboard_state_days, dashboard_stays, dashboard_ledger_days;
      insert into dashboard_state_counts (sector, state, n) select sector, state, count(*) from practices group by 1, 2 order by 1, 2;
      insert into dashboard_practice_days (day, sector, opened, converted)
        select dashboard_day(p.created_at), p.sector, count(*), count(c.practice_id)
        from practices p left join (select distinct practice_id from practice_events where to_state in ('emitted', 'activated')) c on c.practice_id = p.id
        group by 1, 2 order by 1, 2;
      insert into dashboard_state_days (day, sector, state, entered, premium_cents)
        select dashboard_day(e.at), p.sector, e.to_state, count(*), coalesce(sum(q.premium_cents), 0)
        from practice_events e join practices p on p.id = e.practice_id
        left join practice_quotations q on e.to_state = 'emitted' and q.practice_id = e.practice_id and q.chosen
        where e.to_state is not null
        group by 1, 2, 3 order by 1, 2, 3;
      insert into dashboard_stays (level, block, sector, state, bucket, n)
        with changes as (
          select p.sector, e.to_state as state, e.at, lead(e.at) over (partition by e.practice_id order by e.at, e.id) as left_at
          from practice_events e join practices p on p.id = e.practice_id
          where e.to_state is not null and e.from_state is distinct from e.to_state
        ), days as (
          select dashboard_day(left_at) - date '2000-01-01' as d, sector, state, dashboard_bucket(extract(epoch from left_at - at) * 1000) as bucket, count(*) as n
          from changes where left_at is not null group by 1, 2, 3, 4
        )
        select l.level, d >> l.level, sector, state, bucket, sum(n) from days cross join generate_series(0, 10) as l(level) group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5;
      insert into dashboard_ledger_days (day, commissions_cents, clawbacks_cents)
        select dashboard_day(created_at), coalesce(sum(amount_cents) filter (where kind = 'commission'), 0), coalesce(sum(amount_cents) filter (where kind = 'clawback'), 0)
        from ledger_entries where kind in ('commission', 'clawback') group by 1 order by 1;
    end $$`.execute(db);
  await sql`select dashboard_rollups_rebuild()`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['practices', 'practice_events', 'ledger_entries']) await sql.raw(`drop trigger if exists dashboard_${table}_truncate on ${table}`).execute(db);
  await sql`drop trigger if exists dashboard_ledger_entries_insert on ledger_entries`.execute(db);
  await sql`drop trigger if exists dashboard_practice_events_insert on practice_events`.execute(db);
  for (const name of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists dashboard_practice_quotations_${name} on practice_quotations`).execute(db);
    await sql.raw(`drop trigger if exists dashboard_practices_${name} on practices`).execute(db);
  }
  const functions = ['dashboard_rollups_rebuild()', 'dashboard_on_truncate()', 'dashboard_on_ledger()', 'dashboard_on_events()'];
  for (const op of ['insert', 'update', 'delete']) functions.push(`dashboard_on_quotations_${op}()`, `dashboard_on_practices_${op}()`);
  for (const fn of [...functions, 'dashboard_bucket(double precision)', 'dashboard_day(timestamptz)']) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  await sql`drop table if exists dashboard_ledger_days, dashboard_stays, dashboard_state_days, dashboard_practice_days, dashboard_state_counts`.execute(db);
};
