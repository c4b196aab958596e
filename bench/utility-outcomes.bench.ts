/**
 * `npm run bench:utility-outcomes`: the supplier's outcome file of issue 16 at scale. 100,000 luce e gas activations
 * (valid unique PODs and PDRs, mostly in processing, taken by one broker), seeded in bulk; then, for 10,000 outcome
 * rows (code, outcome, date, reason; valid, matching), (a) the plain insert of the rows into a scratch table of the
 * same columns, in chunks of 1,000, as the baseline, and (b) `services.practices.bulk.importRows` of the same rows
 * (matched set-based, applied in one transaction), timed until the report is answered. One run on PGlite, and on
 * PostgreSQL unless BENCH_SKIP_POSTGRES=1 (BENCH_DATABASE_URL as the other benches).
 *
 * The after-commit work of each practice moved (the live lists' event, the corner's notification: stored, mailed,
 * pushed) goes on after the report, as for a single transition; it is waited for and shown apart ("after the
 * report"), so that the app closes only once it is done.
 *
 * Target: import ≤ 3 × baseline. Exit code: 0 ok, 1 failed, 2 target missed.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { luceGasDefinition } from '../shared/practices/luce-e-gas';
import type { TOutcomeRowInput } from '../shared/schemas/utility-bulk';
import type { TDatabaseHandle } from '../server/db/database';
import { runCleanups } from './lib';
import { runBenchmark } from './report';
import { actorCtx, finishRun, fmt, intFromEnv, measureEngines, startBenchApp } from './support/list-bench';

const PRACTICES = intFromEnv('BENCH_UTILITY_PRACTICES', 100_000);
const ROWS = intFromEnv('BENCH_UTILITY_ROWS', 10_000);
const TARGET_RATIO = 3;

const podOf = (i: number) => `IT001E${String(i).padStart(8, '0')}`;
const pdrOf = (i: number) => `0${String(i).padStart(13, '0')}`;

type TResult = {
  database: string;
  seedMs: number;
  baselineMs: number;
  /** Context, not the target: the plain insert of 10,000 practices rows into the table the import changes (its 12 indexes). */
  practicesInsertMs: number;
  importMs: number;
  ratio: number;
  afterCommitMs: number;
  applied: number;
  errors: number;
};

/**
 * Resolves once the notifications of every change told so far are stored. The import tells its changes a slice per
 * turn of the event loop, so one quiet `idle()` is not the end: quiet again after a pause is.
 */
const afterCommitDone = async (app: Awaited<ReturnType<typeof startBenchApp>>['app']) => {
  const { notifications } = app.services.practices;
  for (;;) {
    await notifications.idle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await notifications.idle();
    if (performance.now() - started < 5) return;
  }
};

const seed = async (db: TDatabaseHandle['db']) => {
  const started = performance.now();
  await sql`insert into users (email, password_hash, role, state, type, name, surname, email_verified_at)
    values ('corner@bench.example.it', null, 'corner', 'active', 'persona', 'Corner', 'Bench', now())`.execute(db);
  await sql`insert into users (email, password_hash, role, state, type, name, surname, broker_type, email_verified_at)
    values ('broker@bench.example.it', null, 'broker', 'active', 'persona', 'Broker', 'Luce', 'luce e gas', now())`.execute(db);
  const corner = (await db.selectFrom('users').select('id').where('email', '=', 'corner@bench.example.it').executeTakeFirstOrThrow()).id;
  const broker = (await db.selectFrom('users').select('id').where('email', '=', 'broker@bench.example.it').executeTakeFirstOrThrow()).id;
  await sql`insert into clients (corner_id, type, name, surname, email) values (${corner}, 'persona', 'Mario', 'Bianchi', 'cliente@example.it')`.execute(db);
  const client = (await db.selectFrom('clients').select('id').where('corner_id', '=', corner).executeTakeFirstOrThrow()).id;
  const example = JSON.stringify(luceGasDefinition.example);
  const chunk = 20_000;
  for (let from = 1; from <= PRACTICES; from += chunk) {
    const to = Math.min(PRACTICES, from + chunk - 1);
    // One in ten still submitted, the rest in processing; every meter its own POD and PDR.
    await sql`
      insert into practices (sector, client_id, corner_id, broker_id, state, data, search_text, created_at, updated_at, state_changed_at)
      select 'luce-e-gas', ${client}::uuid, ${corner}::uuid, ${broker}::uuid, case when i % 10 = 0 then 'submitted' else 'processing' end,
        ${example}::jsonb
          || jsonb_build_object('electricity', (${example}::jsonb -> 'electricity') || jsonb_build_object('pod', 'IT001E' || lpad(i::text, 8, '0')))
          || jsonb_build_object('gas', (${example}::jsonb -> 'gas') || jsonb_build_object('pdr', '0' || lpad(i::text, 13, '0'))),
        lower('IT001E' || lpad(i::text, 8, '0') || ' 0' || lpad(i::text, 13, '0') || ' via roma 10 milano'), now(), now(), now()
      from generate_series(${from}::int, ${to}::int) as s(i)`.execute(db);
  }
  await sql`vacuum analyze practices`.execute(db);
  return { corner, broker, ms: performance.now() - started };
};

/** 10,000 rows on practices in processing (never a multiple of 10): mostly activated by POD, some rejected by PDR. */
const outcomeRows = (): TOutcomeRowInput[] => {
  const rows: TOutcomeRowInput[] = [];
  for (let i = 1; rows.length < ROWS; i++) {
    if (i % 10 === 0) continue;
    const n = rows.length;
    rows.push(n % 5 === 4 ? { code: pdrOf(i), outcome: 'KO', date: '', reason: 'Documento non leggibile' } : { code: podOf(i), outcome: 'Attivata', date: '01/12/2026', reason: '' });
  }
  return rows;
};

const measureEngine = async (name: string, open: () => Promise<TDatabaseHandle | null>): Promise<TResult | null> => {
  const handle = await open();
  if (!handle) return null;
  const { app } = await startBenchApp(handle, 'bench-utility-');
  const { broker, ms: seedMs } = await seed(handle.db);
  console.log(`  ${name}: ${PRACTICES} activations seeded in ${fmt(seedMs / 1000)} s`);
  const rows = outcomeRows();

  await sql`create table outcome_scratch (code text, outcome text, date text, reason text)`.execute(handle.db);
  let started = performance.now();
  for (let from = 0; from < rows.length; from += 1000) {
    const part = rows.slice(from, from + 1000);
    await handle.db
      .insertInto('outcome_scratch' as never)
      .values(part as never)
      .execute();
  }
  const baselineMs = performance.now() - started;

  // Context: the same number of rows inserted plainly into `practices` itself (GPL rows, which the import does not
  // look at), in chunks of 1,000: what writing one row of the indexed table costs here, apart from any logic.
  const { corner, client } = await handle.db
    .selectFrom('practices')
    .select(['corner_id as corner', 'client_id as client'])
    .where('sector', '=', 'luce-e-gas')
    .limit(1)
    .executeTakeFirstOrThrow();
  started = performance.now();
  for (let from = 0; from < rows.length; from += 1000) {
    const part = rows.slice(from, from + 1000);
    await handle.db
      .insertInto('practices')
      .values(part.map((row) => ({ sector: 'gpl', client_id: client, corner_id: corner, state: 'submitted', data: JSON.stringify({ code: row.code }), search_text: row.code.toLowerCase() })))
      .execute();
  }
  const practicesInsertMs = performance.now() - started;

  started = performance.now();
  const report = await app.services.practices.bulk.importRows(actorCtx(broker, 'broker'), { sector: 'luce-e-gas', rows });
  const importMs = performance.now() - started;
  if (report.applied !== rows.length) throw new Error(`import applied ${report.applied} of ${rows.length}: ${JSON.stringify(report.rows.find((row) => row.status === 'error'))}`);
  await afterCommitDone(app);
  const afterCommitMs = performance.now() - started - importMs;
  const result = { database: name, seedMs, baselineMs, practicesInsertMs, importMs, ratio: importMs / baselineMs, afterCommitMs, applied: report.applied, errors: report.errors };
  console.log(`  ${name}: baseline insert ${fmt(baselineMs)} ms, import ${fmt(importMs)} ms, ratio ${fmt(result.ratio)}`);
  console.log(`  ${name}: context: ${ROWS} rows inserted into practices ${fmt(practicesInsertMs)} ms (import ${fmt(importMs / practicesInsertMs)}× of it)`);
  console.log(`  ${name}: after-commit notifications of the ${report.applied} practices done ${fmt(afterCommitMs / 1000)} s after the report`);
  return result;
};

const main = async () => {
  console.log(`utility outcomes: ${ROWS} outcome rows against ${PRACTICES} luce e gas activations; load avg ${os.loadavg()[0]!.toFixed(2)}\n`);
  const { results, failure } = await measureEngines(measureEngine);
  console.log('\ndatabase     baseline ms   import ms   ratio   (target ≤ 3)   practices insert ms   import ÷ it');
  for (const result of results) {
    console.log(
      `${result.database.padEnd(12)} ${fmt(result.baselineMs).padStart(11)} ${fmt(result.importMs).padStart(11)} ${fmt(result.ratio).padStart(7)} ${fmt(result.practicesInsertMs).padStart(30)} ${fmt(result.importMs / result.practicesInsertMs).padStart(13)}`,
    );
  }
  const missed = results.filter((result) => result.ratio > TARGET_RATIO).map((result) => `${result.database}: ratio ${fmt(result.ratio)} > ${TARGET_RATIO}`);
  return finishRun('utility-outcomes.json', { practices: PRACTICES, rows: ROWS, targetRatio: TARGET_RATIO, results }, failure, missed);
};

runBenchmark(main, runCleanups);
