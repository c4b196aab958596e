/**
 * `npm run bench:dashboard`: the admin dashboard of issue 28 and the stuck-work board, over HTTP against a real
 * server (buildApp, production config, listening on a port, the admin logged in through `POST /api/auth/login` and
 * its session cookie sent with every request), with **1,000,000 practices and 5,000,000 history rows** and with
 * **10,000 and 50,000**, in one run, on PGlite and on PostgreSQL (scratch databases `bench_<random>`, dropped at the
 * end). Each size has its own database and app.
 *
 * Requests (one at a time over a kept-alive connection, the two sizes alternating so that whatever else the machine
 * does weighs on both alike):
 *
 * - `GET /api/admin/dashboard`: the last 30 days and the 30 before (every figure of the page);
 * - `GET /api/admin/dashboard?from=<89 days ago>&to=<today>`: a quarter and the one before;
 * - `GET /api/admin/stuck` and `GET /api/admin/stuck?sector=rca`: the stuck-work board, first page (measured only
 *   when the route answers; its statements are the stuck module's).
 *
 * Data, in bulk SQL (`insert … select from generate_series`, in time order), spread over 3 years: practices over the
 * five sectors (RC Auto 40 %, luce e gas 25 %, altri rami 15 %, GPL 10 %, fideiussioni 10 %), 5 history rows each
 * (creation, changes of state, edits) with stays between 1 hour and 30 days (log-uniform), states mostly final —
 * insurance 70 % issued, 20 % not issued; utilities 65 % activated, 23 % activated then ceased, 2 % rejected — and
 * the open ones (10 % of the practices of the last 180 days, 1.6 % of all) quoting, asking for issue, submitted or
 * processing, a third of them held by nobody; a chosen quotation for every issued policy, a commission in the ledger
 * for every converted practice and a clawback for a third of the ceased supplies. The open practices carry their
 * sector's example data (the board shows their title), the others `{}`.
 *
 * The base tables are loaded with triggers off (`session_replication_role = replica`, on both databases: PGlite runs
 * as a superuser too), then `dashboard_rollups_rebuild()` (the migration's backfill) recounts the rollups from them:
 * the same counters the triggers keep row by row (server/modules/dashboard/dashboard.test.ts proves both equal).
 *
 * Target: p99 at the large size ≤ 3 × p99 at the small one, per request and database. Prints p50/p95/p99 per size
 * and database and the ratio, then `EXPLAIN (ANALYZE, BUFFERS)` of every statement of the dashboard's repository for
 * the default period at the large size, and of the stuck module's statements behind the whole board; writes
 * bench/results/dashboard.json. Exit code: 0 ok, 1 failed, 2 a target
 * missed.
 *
 * `BENCH_DASHBOARD_ITERATIONS` (default 500), `BENCH_DASHBOARD_WARMUP` (50), `BENCH_DASHBOARD_LARGE` (1,000,000
 * practices), `BENCH_DASHBOARD_SMALL` (10,000), `BENCH_SKIP_PGLITE`, `BENCH_SKIP_POSTGRES`, `BENCH_DATABASE_URL` as
 * elsewhere.
 */
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { sql, type KyselyPlugin } from 'kysely';
import { PRACTICE_DEFINITIONS } from '../shared/practices/registry';
import { addDays, CONVERTED_STATE, dashboardPeriods } from '../shared/schemas/dashboard';
import { todayInItaly } from '../shared/rules/italian-day';
import { SECTOR_SLUGS, SECTORS } from '../shared/sectors';
import type { TDatabaseHandle } from '../server/db/database';
import { insertUserFixture } from '../server/testing/fixtures';
import * as repo from '../server/modules/dashboard/dashboard.repository';
import * as stuckRepo from '../server/modules/stuck/stuck.repository';
import { runCleanups } from './lib';
import { runBenchmark } from './report';
import { actorCtx, finishRun, fmt, intFromEnv, measureEngines, openSizes, percentile, printTable, startBenchApp } from './support/list-bench';

const ITERATIONS = intFromEnv('BENCH_DASHBOARD_ITERATIONS', 500);
const WARMUP = intFromEnv('BENCH_DASHBOARD_WARMUP', 50);
const TARGET_RATIO = 3;
const EVENTS_PER_PRACTICE = 5;
const SPAN_DAYS = 3 * 365;
const CORNERS = 200;

const label = (practices: number) => (practices >= 1_000_000 ? `${practices / 1_000_000}M` : `${Math.round(practices / 1000)}k`);
const SMALL = intFromEnv('BENCH_DASHBOARD_SMALL', 10_000);
const LARGE = intFromEnv('BENCH_DASHBOARD_LARGE', 1_000_000);
const SIZES = [
  { label: label(SMALL), practices: SMALL },
  { label: label(LARGE), practices: LARGE },
] as const;
type TSize = (typeof SIZES)[number];

type TDb = TDatabaseHandle['db'];

const ADMIN_EMAIL = 'admin@bench.example.it';
const ADMIN_PASSWORD = 'Bench-Admin-1';

// ---------------------------------------------------------------------------------------------------------------
// Data

/**
 * The paths a practice takes, by kind and path letter: the state each of its 5 history rows enters (null: an edit).
 * Insurance: E issued, N not issued, Q quoting (open), A asking for issue (open). Utilities: A activated, C activated
 * then ceased, R rejected, S submitted (open), P processing (open).
 */
const PATHS: Record<'insurance' | 'utility', Record<string, (string | null)[]>> = {
  insurance: {
    E: ['quotating', null, 'askEmission', 'emitted', null],
    N: ['quotating', null, null, 'notEmitted', null],
    Q: ['quotating', null, null, null, null],
    A: ['quotating', null, 'askEmission', null, null],
  },
  utility: {
    A: ['submitted', 'processing', null, 'activated', null],
    C: ['submitted', 'processing', 'activated', null, 'ceased'],
    R: ['submitted', null, 'rejected', null, null],
    S: ['submitted', null, null, null, null],
    P: ['submitted', 'processing', null, null, null],
  },
};

/** (kind, path, k, from_state, to_state, event kind) of every step, and each path's final state and its step. */
const pathRows = () => {
  const steps: string[] = [];
  const finals: string[] = [];
  const q = (value: string | null) => (value === null ? 'null' : `'${value}'`);
  for (const [kind, paths] of Object.entries(PATHS)) {
    for (const [path, states] of Object.entries(paths)) {
      let current: string | null = null;
      let last = 1;
      states.forEach((to, index) => {
        const k = index + 1;
        steps.push(`('${kind}', '${path}', ${k}, ${to === null ? 'null' : q(current)}, ${q(to)}, '${k === 1 ? 'create' : to === null ? 'update' : 'transition'}')`);
        if (to !== null) [current, last] = [to, k];
      });
      finals.push(`('${kind}', '${path}', ${q(current)}, ${last})`);
    }
  }
  return { steps: steps.join(', '), finals: finals.join(', ') };
};

/** A pseudo-random number in [0, 1) of (i, j): the same data at every run. */
const h = (i: string, j: number) => `((((${i})::bigint * 2654435761 + ${j} * 40503 + 7) % 1000003)::float8 / 1000003)`;

/** Seconds of a stay: log-uniform between 1 hour and 30 days. */
const stay = (i: string, j: number) => `exp(ln(3600) + ${h(i, j)} * ln(720))`;

const seed = async (db: TDatabaseHandle['db'], size: TSize, adminId: string) => {
  const started = performance.now();
  const timings: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    const at = performance.now();
    await run();
    timings[name] = Math.round(performance.now() - at);
  };
  const n = size.practices;
  const { steps, finals } = pathRows();
  const examples = Object.fromEntries(SECTOR_SLUGS.map((sector) => [sector, JSON.stringify(PRACTICE_DEFINITIONS[sector].example)]));
  await step('users', async () => {
    await sql`
      insert into users (email, password_hash, role, state, type, name, surname, tier, email_verified_at, created_at)
      select 'corner' || lpad(i::text, 4, '0') || '@bench.example.it', null, 'corner', 'active', 'persona', 'Corner', lpad(i::text, 4, '0'), 'gold', now(), now() - (i * 5) * interval '1 day'
      from generate_series(1, ${sql.lit(CORNERS)}::int) as s(i)`.execute(db);
    // One broker per sector (`broker-<slug>@…`), who holds the sector's practices.
    await sql`
      insert into users (email, password_hash, role, state, type, name, surname, broker_type, email_verified_at)
      values ${sql.join(SECTOR_SLUGS.map((sector) => sql`(${`broker-${sector}@bench.example.it`}, null, 'broker', 'active', 'persona', 'Broker', ${SECTORS[sector].label}, ${SECTORS[sector].brokerType}, now())`))}`.execute(db);
    await sql`
      insert into clients (corner_id, type, name, surname, email)
      select id, 'persona', 'Cliente', surname, 'cliente' || surname || '@example.it' from users where role = 'corner'`.execute(db);
  });

  await db.transaction().execute(async (trx) => {
    // The base rows with triggers off (the rollups are recounted below).
    await sql`set local session_replication_role = replica`.execute(trx);
    await step('practices', async () => {
      await sql.raw(`create table bench_paths (kind text, path text, k int, from_state text, to_state text, event_kind text)`).execute(trx);
      await sql.raw(`insert into bench_paths values ${steps}`).execute(trx);
      await sql.raw(`create table bench_finals (kind text, path text, state text, k int)`).execute(trx);
      await sql.raw(`insert into bench_finals values ${finals}`).execute(trx);
      await sql`
        create table bench_corners as
        select row_number() over (order by u.email) as c, u.id as corner_id, c.id as client_id from users u join clients c on c.corner_id = u.id where u.role = 'corner'`.execute(trx);
      // Every practice: its sector, when it was made (in time order over 3 years), its path and the 4 stays' seconds.
      await sql`
        create table bench_seed as
        select i, gen_random_uuid() as id, sector, kind, created_at, r,
          case when kind = 'insurance' then
            case when r < 70 then 'E' when r < 90 then 'N' when not recent then 'E' when r < 95 then 'Q' else 'A' end
          else
            case when r < 65 then 'A' when r < 88 then 'C' when r < 90 then 'R' when not recent then 'A' when r < 95 then 'S' else 'P' end
          end as path,
          ${sql.raw(stay('i', 2))} as d2, ${sql.raw(stay('i', 3))} as d3, ${sql.raw(stay('i', 4))} as d4, ${sql.raw(stay('i', 5))} as d5
        from (
          select i, sector, case when sector in ('luce-e-gas', 'gpl') then 'utility' else 'insurance' end as kind, created_at,
            floor(${sql.raw(h('i', 9))} * 100)::int as r, created_at > now() - interval '180 days' as recent
          from (
            select i,
              (array['rca', 'rca', 'rca', 'rca', 'rca', 'rca', 'rca', 'rca', 'luce-e-gas', 'luce-e-gas', 'luce-e-gas', 'luce-e-gas', 'luce-e-gas',
                     'gpl', 'gpl', 'altri-rami', 'altri-rami', 'altri-rami', 'fideiussioni', 'fideiussioni'])[1 + i % 20] as sector,
              now() - interval '10 minutes' - ((${sql.lit(n)} - i + ${sql.raw(h('i', 1))}) * ${sql.lit((SPAN_DAYS * 86_400) / n)}::float8) * interval '1 second' as created_at
            from generate_series(1, ${sql.lit(n)}::int) as s(i)
          ) x
        ) y`.execute(trx);
      // Stays are capped to a sixth of the practice's age, so that its whole history is in the past.
      await sql`
        create table bench_steps as
        select s.i, s.id, s.sector, s.kind, s.path, p.k, p.from_state, p.to_state, p.event_kind,
          s.created_at + least(
            case p.k when 1 then 0 when 2 then s.d2 when 3 then s.d2 + s.d3 when 4 then s.d2 + s.d3 + s.d4 else s.d2 + s.d3 + s.d4 + s.d5 end,
            extract(epoch from now() - s.created_at) * (p.k - 1) / 6.0
          ) * interval '1 second' as at
        from bench_seed s join bench_paths p on p.kind = s.kind and p.path = s.path`.execute(trx);
      await sql`
        insert into practices (id, sector, client_id, corner_id, broker_id, state, data, created_at, updated_at, state_changed_at)
        select s.id, s.sector, c.client_id, c.corner_id,
          case when f.state in ('quotating', 'submitted', 'askEmission', 'processing') and s.i % 3 = 0 then null else b.id end,
          f.state,
          case when f.state in ('quotating', 'submitted', 'askEmission', 'processing') then
            case s.sector when 'rca' then ${examples.rca}::jsonb when 'luce-e-gas' then ${examples['luce-e-gas']}::jsonb when 'gpl' then ${examples.gpl}::jsonb
              when 'altri-rami' then ${examples['altri-rami']}::jsonb else ${examples.fideiussioni}::jsonb end
          else '{}'::jsonb end,
          s.created_at, st.at, st.at
        from bench_seed s
        join bench_finals f on f.kind = s.kind and f.path = s.path
        join bench_steps st on st.i = s.i and st.k = f.k
        join bench_corners c on c.c = 1 + (s.i / 20) % ${sql.lit(CORNERS)}
        join users b on b.email = 'broker-' || s.sector || '@bench.example.it'
        order by s.i`.execute(trx);
    });
    await step('history', async () => {
      await sql`
        insert into practice_events (practice_id, at, actor_id, kind, from_state, to_state)
        select st.id, st.at, ${adminId}::uuid, st.event_kind, st.from_state, st.to_state from bench_steps st order by st.at, st.i, st.k`.execute(trx);
    });
    await step('money', async () => {
      await sql`
        insert into practice_quotations (practice_id, company_name, premium_cents, instalments, person_injury_cents, property_damage_cents, valid_until, chosen, created_by, created_at)
        select st.id, 'Compagnia Bench', 20000 + (st.i::bigint * 7919) % 80000, 1, 610000000, 122000000, '2099-12-31', true, ${adminId}::uuid, st.at
        from bench_steps st where st.to_state = 'emitted'`.execute(trx);
      await sql`
        insert into ledger_entries (corner_id, practice_id, sector, kind, amount_cents, description, created_at)
        select c.corner_id, st.id, st.sector, 'commission', 1000 + (st.i::bigint * 104729) % 14000, 'Provvigione pratica ' || st.i, st.at
        from bench_steps st join bench_corners c on c.c = 1 + (st.i / 20) % ${sql.lit(CORNERS)}
        where st.to_state = ${CONVERTED_STATE.insurance} or (st.to_state = ${CONVERTED_STATE.utility} and st.path in ('A', 'C'))
        order by st.at`.execute(trx);
      await sql`
        insert into ledger_entries (corner_id, practice_id, sector, kind, amount_cents, description, created_at)
        select c.corner_id, st.id, st.sector, 'clawback', -(1000 + (st.i::bigint * 104729) % 14000), 'Storno provvigione pratica ' || st.i, st.at
        from bench_steps st join bench_corners c on c.c = 1 + (st.i / 20) % ${sql.lit(CORNERS)}
        where st.to_state = 'ceased' and st.i % 3 = 0
        order by st.at`.execute(trx);
    });
    await sql`drop table bench_steps, bench_seed, bench_corners, bench_finals, bench_paths`.execute(trx);
  });
  await step('rollups', () => repo.rebuildRollups(db));
  await step('analyze', async () => {
    for (const table of ['practices', 'practice_events', 'practice_quotations', 'ledger_entries', 'users', 'clients']) await sql.raw(`vacuum analyze ${table}`).execute(db);
    for (const table of ['dashboard_state_counts', 'dashboard_practice_days', 'dashboard_state_days', 'dashboard_stays', 'dashboard_ledger_days']) await sql.raw(`vacuum analyze ${table}`).execute(db);
  });
  return { ms: performance.now() - started, timings };
};

// ---------------------------------------------------------------------------------------------------------------
// Cases

type TCase = { key: string; label: string; path: string; stuck?: true };

const today = todayInItaly();
const CASES: TCase[] = [
  { key: 'dashboard-30d', label: 'GET /api/admin/dashboard', path: '/api/admin/dashboard' },
  { key: 'dashboard-90d', label: 'GET /api/admin/dashboard?from=<89 days ago>&to=<today>', path: `/api/admin/dashboard?from=${addDays(today, -89)}&to=${today}` },
  { key: 'stuck', label: 'GET /api/admin/stuck', path: '/api/admin/stuck', stuck: true },
  { key: 'stuck-rca', label: 'GET /api/admin/stuck?sector=rca', path: '/api/admin/stuck?sector=rca', stuck: true },
];

type TDashboardBody = {
  current: { bySector: Record<string, { opened: number }>; premiumsCents: number; stateMedians: unknown[]; monthly: { commissionsCents: number }[] };
  now: { openByState: unknown[] };
};

/** What each answer must hold: a benchmark of empty figures or errors is worthless. */
const checkBody = (item: TCase, body: unknown): string | null => {
  if (item.stuck) {
    const page = body as { list?: unknown[]; total?: number };
    return Array.isArray(page.list) && page.list.length > 0 ? null : 'an empty board';
  }
  const answer = body as TDashboardBody;
  if (!((answer.current?.bySector?.rca?.opened ?? 0) > 0)) return 'no RC Auto practice opened';
  if (!(answer.current.premiumsCents > 0)) return 'no premium';
  if (answer.current.stateMedians.length < 10) return 'too few medians';
  if (!answer.current.monthly.some((month) => month.commissionsCents > 0)) return 'no commission';
  if (answer.now.openByState.length < 4) return 'too few open states';
  return null;
};

type TSizeSetup = { size: TSize; handle: TDatabaseHandle; baseUrl: string; cookie: string; facts: Record<string, unknown>; stuckCalls: () => Promise<(db: TDb) => Promise<unknown>> };

const setUpSize = async (name: string, size: TSize, handle: TDatabaseHandle): Promise<TSizeSetup> => {
  const { app, admin } = await startBenchApp(handle, 'bench-dashboard-');
  process.stdout.write(`  ${name} ${size.label}: seeding ${size.practices.toLocaleString('en-US')} practices and ${(size.practices * EVENTS_PER_PRACTICE).toLocaleString('en-US')} history rows… `);
  const seeded = await seed(handle.db, size, admin.id);
  process.stdout.write(`${(seeded.ms / 1000).toFixed(1)} s (${Object.entries(seeded.timings).map(([key, ms]) => `${key} ${(ms / 1000).toFixed(1)} s`).join(', ')})\n`);
  const counts = await sql<{ practices: number; events: number; ledger: number; open: number; stays: number }>`
    select (select count(*)::int from practices) as practices, (select count(*)::int from practice_events) as events, (select count(*)::int from ledger_entries) as ledger,
      (select count(*)::int from practices where state in ('quotating', 'askEmission', 'submitted', 'processing')) as open,
      (select count(*)::int from dashboard_stays) as stays`.execute(handle.db);
  const facts = counts.rows[0]!;
  if (facts.practices !== size.practices || facts.events !== size.practices * EVENTS_PER_PRACTICE) {
    throw new Error(`${name} ${size.label}: ${facts.practices} practices and ${facts.events} events seeded, expected ${size.practices} and ${size.practices * EVENTS_PER_PRACTICE}`);
  }
  const bytes = await sql<{ practices: string; events: string; rollups: string }>`
    select pg_size_pretty(pg_total_relation_size('practices')) as practices, pg_size_pretty(pg_total_relation_size('practice_events')) as events,
      pg_size_pretty(pg_total_relation_size('dashboard_state_counts') + pg_total_relation_size('dashboard_practice_days') + pg_total_relation_size('dashboard_state_days')
        + pg_total_relation_size('dashboard_stays') + pg_total_relation_size('dashboard_ledger_days')) as rollups`.execute(handle.db);
  console.log(
    `    ${facts.ledger.toLocaleString('en-US')} ledger entries, ${facts.open.toLocaleString('en-US')} open practices, ${facts.stays.toLocaleString('en-US')} stay-histogram rows; ` +
      `practices ${bytes.rows[0]!.practices}, history ${bytes.rows[0]!.events}, rollups ${bytes.rows[0]!.rollups} (with indexes)`,
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
  const loginBody = await login.text();
  if (login.status !== 200) throw new Error(`${name} ${size.label}: login answered ${login.status}: ${loginBody.slice(0, 300)}`);
  const sid = login.headers
    .getSetCookie()
    .map((header) => /^sid=([^;]*)/.exec(header)?.[1])
    .find((value) => value);
  if (!sid) throw new Error(`${name} ${size.label}: login set no sid cookie`);
  // The stuck module's statements behind `GET /api/admin/stuck` (the whole board, as an admin sees it), for EXPLAIN.
  const stuckCalls = async () => {
    const thresholds = await app.services.stuck.getThresholds(actorCtx(admin.id, 'admin'));
    const selection = { thresholds, sectors: SECTOR_SLUGS, withPayments: true, now: new Date() };
    return (db: TDb) => Promise.all([stuckRepo.stuckPage(db, selection, { offset: 0, limit: 50 }), stuckRepo.stuckCount(db, selection)]);
  };
  return { size, handle, baseUrl, cookie: `sid=${sid}`, facts: { seedMs: Math.round(seeded.ms), seedSteps: seeded.timings, ...facts, size: bytes.rows[0] }, stuckCalls };
};

/** One GET as the browser makes it (session cookie, kept-alive connection): status and parsed body. */
const get = async (setup: TSizeSetup, path: string) => {
  const response = await fetch(`${setup.baseUrl}${path}`, { headers: { cookie: setup.cookie, accept: 'application/json' } });
  const text = await response.text();
  return { status: response.status, text };
};

type TFigures = { p50: number; p95: number; p99: number; mean: number; calls: number };

/** One case on both sizes: `WARMUP + ITERATIONS` rounds, in each a call per size (small, large, large, small, …), the warm-up discarded. */
const measureCase = async (setups: TSizeSetup[], item: TCase) => {
  const timings = new Map<string, number[]>(setups.map((setup) => [setup.size.label, []]));
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const order = i % 2 === 0 ? setups : [...setups].reverse();
    for (const setup of order) {
      const started = performance.now();
      const { status, text } = await get(setup, item.path);
      JSON.parse(text);
      const elapsed = performance.now() - started;
      if (status !== 200) throw new Error(`${setup.size.label} ${item.path}: answered ${status}: ${text.slice(0, 300)}`);
      if (i >= WARMUP) timings.get(setup.size.label)!.push(elapsed);
    }
  }
  const figures = new Map<string, TFigures>();
  for (const setup of setups) {
    const sorted = timings.get(setup.size.label)!.sort((a, b) => a - b);
    figures.set(setup.size.label, {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      mean: sorted.reduce((total, value) => total + value, 0) / sorted.length,
      calls: sorted.length,
    });
  }
  return figures;
};

// ---------------------------------------------------------------------------------------------------------------
// Plans

/** The statements `run` issues, each run again under EXPLAIN (ANALYZE, BUFFERS) with its parameters written in. */
const explainAnalyze = async (handle: TDatabaseHandle, run: (db: TDb) => Promise<unknown>) => {
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const spy: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      const compiled = handle.db.getExecutor().compileQuery(node, queryId);
      statements.push({ sql: compiled.sql, parameters: compiled.parameters });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run(handle.db.withPlugin(spy));
  const plans: string[] = [];
  for (const statement of statements) {
    const text = statement.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = statement.parameters[Number(n) - 1];
      return value instanceof Date ? `'${value.toISOString()}'` : typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    });
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${sql.raw(text)}`.execute(handle.db);
    plans.push(text.replace(/\s+/g, ' '), ...rows.map((row) => row['QUERY PLAN']), '');
  }
  return plans;
};

/** The repository calls the dashboard service makes for the default period (the one before it alike). */
const dashboardCalls = (db: TDb) => {
  const { current } = dashboardPeriods({}, todayInItaly());
  const states = [...new Set(Object.values(CONVERTED_STATE))];
  return Promise.all([
    repo.countByState(db),
    repo.pendingPayments(db),
    repo.requestedPayouts(db),
    repo.openedBySector(db, current),
    repo.reachedBySector(db, current, states),
    repo.weeklySeries(db, current, states),
    repo.premiumsOfIssued(db, current, CONVERTED_STATE.insurance),
    repo.ledgerByMonth(db, current),
    repo.newCorners(db, current),
    repo.conversionBySector(db, current),
    repo.stateMedians(db, current),
  ]);
};

// ---------------------------------------------------------------------------------------------------------------
// Run

type TDbResult = { database: string; sizes: Record<string, Record<string, unknown>>; figures: Record<string, Record<string, TFigures>>; skipped: string[]; plans: string[]; stuckPlans: string[] };

const measureEngine = async (name: string, open: () => Promise<TDatabaseHandle | null>): Promise<TDbResult | null> => {
  const result: TDbResult = { database: name, sizes: {}, figures: {}, skipped: [], plans: [], stuckPlans: [] };
  const setups = await openSizes(SIZES, open, (size, handle) => setUpSize(name, size, handle));
  if (!setups) return null;
  for (const setup of setups) result.sizes[setup.size.label] = setup.facts;
  for (const item of CASES) {
    let skip: string | null = null;
    for (const setup of setups) {
      const { status, text } = await get(setup, item.path);
      if (status === 404 && item.stuck) skip = `${item.path} answered 404 (no stuck-work route): not measured`;
      else if (status !== 200) throw new Error(`${name} ${setup.size.label} ${item.path}: answered ${status}: ${text.slice(0, 300)}`);
      else {
        const problem = checkBody(item, JSON.parse(text));
        if (problem) throw new Error(`${name} ${setup.size.label} ${item.path}: unexpected answer (${problem}): ${text.slice(0, 300)}`);
      }
    }
    if (skip) {
      console.log(`  ${name} ${item.key}: ${skip}`);
      result.skipped.push(item.key);
      continue;
    }
    const figures = await measureCase(setups, item);
    result.figures[item.key] = Object.fromEntries(figures);
    console.log(`  ${name} ${item.key}: ${setups.map((setup) => `${setup.size.label} p99 ${fmt(figures.get(setup.size.label)!.p99)} ms`).join(', ')}`);
  }
  const large = setups[setups.length - 1]!;
  result.plans = await explainAnalyze(large.handle, dashboardCalls);
  if (!result.skipped.includes('stuck')) result.stuckPlans = await explainAnalyze(large.handle, await large.stuckCalls());
  return result;
};

const main = async () => {
  console.log(
    `admin dashboard and stuck-work board over HTTP: ${WARMUP} warm-up + ${ITERATIONS} measured requests per case and size, one at a time, the two sizes alternating; ` +
      `${SIZES.map((size) => `${size.label} = ${size.practices.toLocaleString('en-US')} practices and ${(size.practices * EVENTS_PER_PRACTICE).toLocaleString('en-US')} history rows`).join(', ')}; ` +
      `node ${process.version}, ${os.cpus().length} CPUs, load avg ${os.loadavg()[0]!.toFixed(2)}\n`,
  );
  const { results, failure } = await measureEngines(measureEngine);

  const [small, large] = [SIZES[0].label, SIZES[1].label];
  const header = ['database', 'request', `p50 ${small}`, `p95 ${small}`, `p99 ${small}`, `p50 ${large}`, `p95 ${large}`, `p99 ${large}`, 'p99 ratio', ''];
  const lines: string[][] = [header];
  const missed: string[] = [];
  for (const result of results) {
    for (const item of CASES) {
      const a = result.figures[item.key]?.[small];
      const b = result.figures[item.key]?.[large];
      if (!a || !b) continue;
      const ratio = b.p99 / a.p99;
      if (ratio > TARGET_RATIO) missed.push(`${result.database} ${item.key}: ${fmt(ratio)}×`);
      lines.push([result.database, item.key, fmt(a.p50), fmt(a.p95), fmt(a.p99), fmt(b.p50), fmt(b.p95), fmt(b.p99), `${fmt(ratio)}×`, ratio <= TARGET_RATIO ? 'ok' : 'MISSED']);
    }
  }
  printTable(`\nlatency in ms (HTTP, request to parsed answer); target: p99 at ${large} ≤ ${TARGET_RATIO} × p99 at ${small}; load avg ${os.loadavg()[0]!.toFixed(2)}\n`, lines);
  for (const result of results) {
    console.log(`\n${result.database} plans at ${large} (EXPLAIN (ANALYZE, BUFFERS) of the dashboard repository's statements, default period):`);
    console.log(result.plans.join('\n'));
    if (result.stuckPlans.length > 0) console.log(`\n${result.database} plans at ${large} of the stuck-work board (the stuck module's statements, whole board):\n${result.stuckPlans.join('\n')}`);
  }
  return finishRun('dashboard.json', { iterations: ITERATIONS, warmup: WARMUP, targetRatio: TARGET_RATIO, eventsPerPractice: EVENTS_PER_PRACTICE, sizes: SIZES, results }, failure, missed);
};

runBenchmark(main, runCleanups);
