/**
 * `npm run bench:ledger`: the corner's ledger page of issue 27 (`/pagamenti`) as the browser loads it, over HTTP
 * against a real server (buildApp, production config, listening on a port, the corner logged in through
 * `POST /api/auth/login` and its session cookie sent with every request), with **1,000,000 ledger entries over
 * 2,000 corners** and with **10,000 over 20 corners**, in one run, on PGlite and on PostgreSQL (scratch databases
 * `bench_<random>`, dropped at the end). Each size has its own database and app. The measured corner holds the same
 * 500 entries at both sizes (every corner holds 500): the comparison is about the size of the table, not of the
 * corner's history.
 *
 * Requests (one at a time over a kept-alive connection, the two sizes alternating so that whatever else the machine
 * does weighs on both alike):
 *
 * - `GET /api/ledger?page=1&limit=50`: the first page, newest first, with `total`, `balanceCents`, `availableCents`
 *   and `heldCents` (a sum over every entry of the corner, what is held skipping the entries netted out);
 * - `GET /api/ledger?page=5&limit=50&kind=commission`: a later page of one kind;
 * - `GET /api/ledger/summary`: earnings by Italian month and sector over the last twelve months;
 * - for information, `page-load`: the first page and the summary at once, as the page opens (time to both answers).
 *
 * Data, in bulk SQL (`insert … select from generate_series`, in time order, so a corner's entries are spread over
 * the table as they would be after 18 months of every corner earning at once): per corner 470 entries over 18
 * months — commissions (84 %) over five sectors with `available_on` six months after them (so the last six months'
 * are held), referral shares (8 %, held the same way), one payout a month (negative), corrections of either sign —
 * then 20 clawbacks and 10 reversals per corner naming a commission of the same corner (`reverses_id`). Practices,
 * payouts and referral links are not seeded (`practice_id`, `payout_id`, `source_entry_id` are null): no query of the
 * page reads them.
 *
 * Target: p99 at 1M ≤ 2 × p99 at 10k for the three requests, on both databases. Prints p50/p95/p99 per size and
 * database and the ratio, then `EXPLAIN (ANALYZE, BUFFERS)` of every statement behind each request at 1M; writes
 * bench/results/ledger.json. Exit code: 0 ok, 1 failed, 2 a target missed.
 *
 * `BENCH_LEDGER_ITERATIONS` (default 1000), `BENCH_LEDGER_WARMUP` (100), `BENCH_LEDGER_LARGE_CORNERS` (2000: the
 * large size's corners, × 500 entries), `BENCH_SKIP_PGLITE`, `BENCH_SKIP_POSTGRES`, `BENCH_DATABASE_URL` as elsewhere.
 */
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { sql, type KyselyPlugin } from 'kysely';
import type { TLedgerKind } from '../shared/schemas/ledger';
import { italianDayStart, todayInItaly } from '../shared/rules/italian-day';
import type { TDatabaseHandle } from '../server/db/database';
import { insertUserFixture } from '../server/testing/fixtures';
import { balancesOf, pageOf, summaryOf } from '../server/modules/ledger/ledger.repository';
import { runCleanups } from './lib';
import { runBenchmark } from './report';
import { finishRun, fmt, intFromEnv, measureEngines, openSizes, percentile, printTable, startBenchApp } from './support/list-bench';

const ITERATIONS = intFromEnv('BENCH_LEDGER_ITERATIONS', 1000);
const WARMUP = intFromEnv('BENCH_LEDGER_WARMUP', 100);
const TARGET_RATIO = 2;

/** Entries per corner: BASE in time order, then CLAWBACKS and REVERSALS naming earlier commissions of the corner. */
const BASE = 470;
const CLAWBACKS = 20;
const REVERSALS = 10;
const PER_CORNER = BASE + CLAWBACKS + REVERSALS;
/** 18 months of history. */
const SPAN_DAYS = 540;

const SIZES = [
  { label: '10k', corners: 20 },
  { label: '1M', corners: intFromEnv('BENCH_LEDGER_LARGE_CORNERS', 2_000) },
] as const;
type TSize = (typeof SIZES)[number];
const entriesOf = (size: TSize) => size.corners * PER_CORNER;

const CORNER_EMAIL = 'corner00001@bench.example.it';
const CORNER_PASSWORD = 'Bench-Corner-1';

// ---------------------------------------------------------------------------------------------------------------
// Data

/**
 * Corners (the measured one first: it is corner 1 at both sizes, so its entries are the same), then the ledger in
 * two bulk statements. Every value is a function of (corner number c, entry number k).
 */
const seed = async (db: TDatabaseHandle['db'], size: TSize, adminId: string) => {
  const started = performance.now();
  const corner = await insertUserFixture(db, { email: CORNER_EMAIL, password: CORNER_PASSWORD, role: 'corner', name: 'Corner', surname: '00001' });
  await sql`
    insert into users (email, password_hash, role, state, type, name, surname, email_verified_at)
    select 'corner' || lpad(i::text, 5, '0') || '@bench.example.it', null, 'corner', 'active', 'persona', 'Corner', lpad(i::text, 5, '0'), now()
    from generate_series(2, ${sql.lit(size.corners)}::int) as s(i)`.execute(db);

  // The entries of 18 months in time order (k = 1 is the oldest, k = BASE the newest), every corner interleaved.
  await sql`
    insert into ledger_entries (corner_id, sector, kind, amount_cents, description, actor_id, available_on, created_at)
    select corner_id, sector, kind, amount_cents, description, actor_id,
      case when kind in ('commission', 'referral') then ((created_at at time zone 'Europe/Rome')::date + interval '6 months')::date::text end,
      created_at
    from (
      select u.id as corner_id, u.c, k.k, x.kind, x.created_at,
        case when x.kind in ('commission', 'referral') then (array['luce-e-gas', 'gpl', 'rca', 'altri-rami', 'fideiussioni'])[1 + (k.k * 7 + u.c) % 5] end as sector,
        case x.kind
          when 'commission' then 1000 + (k.k * 7919 + u.c * 104729) % 14000
          when 'referral' then 100 + (k.k * 31 + u.c * 17) % 1400
          when 'payout' then -(150000 + (k.k * 101 + u.c * 7) % 50000)
          else (case when k.k % 2 = 0 then 1 else -1 end) * (500 + (k.k * 13 + u.c) % 4500)
        end as amount_cents,
        case x.kind
          when 'commission' then 'Provvigione attivazione POD IT001E' || lpad(((u.c * 1000 + k.k) % 100000000)::text, 8, '0')
          when 'referral' then 'Quota segnalazione: Corner ' || lpad((1 + (u.c * 7 + k.k) % 2000)::text, 5, '0') || ' — Provvigione attivazione'
          when 'payout' then 'Pagamento al corner n. ' || (k.k / 25) || ' (bonifico)'
          else 'Rettifica: conguaglio provvigioni del mese'
        end as description,
        case when x.kind = 'correction' then ${adminId}::uuid end as actor_id
      from (select id, row_number() over (order by email) as c from users where role = 'corner') u
      cross join generate_series(1, ${sql.lit(BASE)}::int) as k(k)
      cross join lateral (
        select
          case when k.k % 25 = 0 then 'payout' when k.k % 25 in (1, 2) then 'referral' when k.k % 25 = 3 then 'correction' else 'commission' end as kind,
          now() - ((${sql.lit(BASE)} - k.k) * ${sql.lit(SPAN_DAYS / BASE)}::float8 + ((k.k * 37 + u.c * 11) % 100) / 100.0 * ${sql.lit(SPAN_DAYS / BASE)}::float8 + 0.01) * interval '1 day' as created_at
      ) x
    ) e
    order by k, c`.execute(db);

  // Per corner, 20 clawbacks and 10 reversals, each naming a different commission of the same corner (the n-th
  // commission in time: n ≡ 7 mod 19 for clawbacks, n ≡ 12 mod 19 for reversals).
  await sql`
    insert into ledger_entries (corner_id, sector, kind, amount_cents, description, actor_id, reverses_id, created_at)
    select corner_id, sector, kind, amount_cents, description, actor_id, reverses_id, created_at
    from (
      select corner_id, sector,
        case when n % 19 = 7 then 'clawback' else 'reversal' end as kind,
        -amount_cents as amount_cents,
        case when n % 19 = 7 then 'Storno provvigione: fornitura cessata entro 6 mesi (' || description || ')'
          else 'Storno di «' || description || '»: provvigione registrata due volte' end as description,
        case when n % 19 = 7 then null else ${adminId}::uuid end as actor_id,
        id as reverses_id,
        least(now() - interval '1 minute', created_at + (case when n % 19 = 7 then 30 + n % 60 else 1 + n % 20 end) * interval '1 day') as created_at
      from (select id, corner_id, sector, amount_cents, description, created_at, row_number() over (partition by corner_id order by created_at, id) as n
            from ledger_entries where kind = 'commission') c
      where (n % 19 = 7 and n <= ${sql.lit(19 * CLAWBACKS)}) or (n % 19 = 12 and n <= ${sql.lit(19 * REVERSALS)})
    ) r
    order by created_at, corner_id`.execute(db);

  await sql`vacuum analyze ledger_entries`.execute(db);
  await sql`analyze users`.execute(db);
  return { ms: performance.now() - started, cornerId: corner.id };
};

// ---------------------------------------------------------------------------------------------------------------
// Cases

type TCase = { key: string; label: string; info?: true; paths: string[] };

const CASES: TCase[] = [
  { key: 'page-1', label: 'GET /api/ledger?page=1&limit=50', paths: ['/api/ledger?page=1&limit=50'] },
  { key: 'page-5-commission', label: 'GET /api/ledger?page=5&limit=50&kind=commission', paths: ['/api/ledger?page=5&limit=50&kind=commission'] },
  { key: 'summary', label: 'GET /api/ledger/summary', paths: ['/api/ledger/summary'] },
  { key: 'page-load', label: 'page 1 and summary at once (info)', info: true, paths: ['/api/ledger?page=1&limit=50', '/api/ledger/summary'] },
];

type TLedgerPageBody = { list: unknown[]; total: number; balanceCents: number; availableCents: number; heldCents: number };
type TSummaryBody = { months: unknown[] };

/** What each answer must hold: a benchmark of empty pages or errors is worthless. */
const checkBody = (path: string, body: unknown): string | null => {
  if (path.startsWith('/api/ledger/summary')) {
    const months = (body as TSummaryBody).months;
    return Array.isArray(months) && months.length > 0 ? null : 'no month in the summary';
  }
  const page = body as TLedgerPageBody;
  if (!Array.isArray(page.list) || page.list.length !== 50) return `expected 50 entries, got ${Array.isArray(page.list) ? page.list.length : 'none'}`;
  for (const field of ['total', 'balanceCents', 'availableCents', 'heldCents'] as const) if (typeof page[field] !== 'number') return `no ${field}`;
  if (page.heldCents <= 0) return 'nothing held: the seed has no entry inside its clawback window';
  return null;
};

type TSizeSetup = { size: TSize; handle: TDatabaseHandle; baseUrl: string; cookie: string; cornerId: string; facts: Record<string, unknown> };

const setUpSize = async (name: string, size: TSize, handle: TDatabaseHandle): Promise<TSizeSetup> => {
  const { app, admin } = await startBenchApp(handle, 'bench-ledger-');
  process.stdout.write(`  ${name} ${size.label}: seeding ${entriesOf(size).toLocaleString('en-US')} ledger entries over ${size.corners.toLocaleString('en-US')} corners… `);
  const seeded = await seed(handle.db, size, admin.id);
  process.stdout.write(`${(seeded.ms / 1000).toFixed(1)} s\n`);
  const counts = await sql<{ kind: string; n: number }>`select kind, count(*)::int as n from ledger_entries group by kind order by kind`.execute(handle.db);
  const total = counts.rows.reduce((sum, row) => sum + row.n, 0);
  if (total !== entriesOf(size)) throw new Error(`${name} ${size.label}: ${total} entries seeded, expected ${entriesOf(size)}`);
  const own = await sql<{ n: number }>`select count(*)::int as n from ledger_entries where corner_id = ${seeded.cornerId}`.execute(handle.db);
  if (own.rows[0]!.n !== PER_CORNER) throw new Error(`${name} ${size.label}: the measured corner holds ${own.rows[0]!.n} entries, expected ${PER_CORNER}`);
  const bytes = await sql<{ table: string; total: string }>`select pg_size_pretty(pg_table_size('ledger_entries')) as table, pg_size_pretty(pg_total_relation_size('ledger_entries')) as total`.execute(handle.db);
  console.log(`    kinds: ${counts.rows.map((row) => `${row.kind} ${row.n.toLocaleString('en-US')}`).join(', ')}; table ${bytes.rows[0]!.table}, with indexes ${bytes.rows[0]!.total}`);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: CORNER_EMAIL, password: CORNER_PASSWORD }),
  });
  const loginBody = await login.text();
  if (login.status !== 200) throw new Error(`${name} ${size.label}: login answered ${login.status}: ${loginBody.slice(0, 300)}`);
  const sid = login.headers
    .getSetCookie()
    .map((header) => /^sid=([^;]*)/.exec(header)?.[1])
    .find((value) => value);
  if (!sid) throw new Error(`${name} ${size.label}: login set no sid cookie`);
  return { size, handle, baseUrl, cookie: `sid=${sid}`, cornerId: seeded.cornerId, facts: { seedMs: Math.round(seeded.ms), kinds: Object.fromEntries(counts.rows.map((row) => [row.kind, row.n])), size: bytes.rows[0] } };
};

/** One GET as the browser makes it (session cookie, kept-alive connection); its body parsed. */
const get = async (setup: TSizeSetup, path: string) => {
  const response = await fetch(`${setup.baseUrl}${path}`, { headers: { cookie: setup.cookie, accept: 'application/json' } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${setup.size.label} ${path}: answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
};

type TFigures = { p50: number; p95: number; p99: number; mean: number; calls: number };

/**
 * One case on both sizes: `WARMUP + ITERATIONS` rounds, in each a call per size (10k, 1M, 1M, 10k, …), the warm-up
 * discarded; every answer checked on the first call and its size compared on every one.
 */
const measureCase = async (setups: TSizeSetup[], item: TCase, runs: { warmup: number; iterations: number }) => {
  const timings = new Map<string, number[]>(setups.map((setup) => [setup.size.label, []]));
  const firstBodies = new Map<string, string>();
  for (const setup of setups) {
    for (const path of item.paths) {
      const body = await get(setup, path);
      const problem = checkBody(path, body);
      if (problem) throw new Error(`${setup.size.label} ${path}: unexpected answer (${problem}): ${JSON.stringify(body).slice(0, 300)}`);
      firstBodies.set(`${setup.size.label} ${path}`, JSON.stringify(body).length.toString());
    }
  }
  for (let i = 0; i < runs.warmup + runs.iterations; i++) {
    const order = i % 2 === 0 ? setups : [...setups].reverse();
    for (const setup of order) {
      const started = performance.now();
      await Promise.all(item.paths.map((path) => get(setup, path)));
      const elapsed = performance.now() - started;
      if (i >= runs.warmup) timings.get(setup.size.label)!.push(elapsed);
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
  return { figures, bodyBytes: Object.fromEntries(firstBodies) };
};

// ---------------------------------------------------------------------------------------------------------------
// Plans

type TDb = TDatabaseHandle['db'];

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

/** The repository calls behind each case, as the ledger service makes them for a corner. */
const repositoryCalls = (cornerId: string): Record<string, (db: TDb) => Promise<unknown>> => {
  const today = todayInItaly();
  const page = (p: number, kind?: TLedgerKind) => (db: TDb) => Promise.all([pageOf(db, { cornerId, kind }, p, 50), balancesOf(db, cornerId, today)]);
  return {
    'page-1': page(1),
    'page-5-commission': page(5, 'commission'),
    summary: (db) => summaryOf(db, cornerId, italianDayStart(`${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`)),
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Run

type TDbResult = { database: string; sizes: Record<string, Record<string, unknown>>; figures: Record<string, Record<string, TFigures>>; bodyBytes: Record<string, Record<string, string>>; plans: Record<string, string[]> };

const measureEngine = async (name: string, open: () => Promise<TDatabaseHandle | null>): Promise<TDbResult | null> => {
  const result: TDbResult = { database: name, sizes: {}, figures: {}, bodyBytes: {}, plans: {} };
  const setups = await openSizes(SIZES, open, (size, handle) => setUpSize(name, size, handle));
  if (!setups) return null;
  for (const setup of setups) result.sizes[setup.size.label] = setup.facts;
  for (const item of CASES) {
    const iterations = item.info ? Math.max(1, Math.round(ITERATIONS / 4)) : ITERATIONS;
    const warmup = item.info ? Math.max(1, Math.round(WARMUP / 4)) : WARMUP;
    const { figures, bodyBytes } = await measureCase(setups, item, { warmup, iterations });
    result.figures[item.key] = Object.fromEntries(figures);
    result.bodyBytes[item.key] = bodyBytes;
    const line = setups.map((setup) => `${setup.size.label} p99 ${fmt(figures.get(setup.size.label)!.p99)} ms`).join(', ');
    console.log(`  ${name} ${item.key}: ${line}`);
  }
  const large = setups[setups.length - 1]!;
  for (const [key, call] of Object.entries(repositoryCalls(large.cornerId))) result.plans[key] = await explainAnalyze(large.handle, call);
  return result;
};

const main = async () => {
  console.log(
    `ledger page over HTTP: ${WARMUP} warm-up + ${ITERATIONS} measured requests per case and size (the info case a quarter), one at a time, ` +
      `the two sizes alternating; ${PER_CORNER} entries per corner, ${SIZES.map((size) => `${size.label} = ${size.corners.toLocaleString('en-US')} corners`).join(', ')}; ` +
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
      if (!item.info && ratio > TARGET_RATIO) missed.push(`${result.database} ${item.key}: ${fmt(ratio)}×`);
      lines.push([result.database, item.key, fmt(a.p50), fmt(a.p95), fmt(a.p99), fmt(b.p50), fmt(b.p95), fmt(b.p99), `${fmt(ratio)}×`, item.info ? 'info' : ratio <= TARGET_RATIO ? 'ok' : 'MISSED']);
    }
  }
  printTable(`\nlatency in ms (HTTP, request to parsed answer); target: p99 at ${large} ≤ ${TARGET_RATIO} × p99 at ${small}; load avg ${os.loadavg()[0]!.toFixed(2)}\n`, lines);
  for (const result of results) {
    console.log(`\n${result.database} plans at ${large} (EXPLAIN (ANALYZE, BUFFERS) of the statements behind each request):`);
    for (const [key, plan] of Object.entries(result.plans)) console.log(`\n[${key}]\n${plan.join('\n')}`);
  }
  return finishRun('ledger.json', { iterations: ITERATIONS, warmup: WARMUP, targetRatio: TARGET_RATIO, perCorner: PER_CORNER, sizes: SIZES, results }, failure, missed);
};

runBenchmark(main, runCleanups);
