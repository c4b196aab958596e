/**
 * Micro-benchmark of the session lookup alone (no HTTP), on a scratch PostgreSQL database: queries per second,
 * CPU of this process per query and CPU of the PostgreSQL backends per query (read from /proc, Linux, local
 * server). Shows what the round trip itself costs and how much of it is Kysely, and parse + plan of an unnamed
 * statement.
 *
 *   npx tsx bench/session-query.micro.ts
 */
import fs from 'node:fs/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { migrateToLatest } from '../server/db/migrate';
import { findActiveSession } from '../server/modules/auth/auth.repository';
import { insertUserFixture } from '../server/testing/fixtures';
import { onCleanup, openScratchPostgres, runCleanups } from './lib';

const CONCURRENCY = 4;
const SECONDS = Number(process.env.BENCH_DURATION || 3);

const SESSION_QUERY = `select s.id, s.kind, s.impersonator_id, s.last_seen_at, u.id as user_id, u.role, u.state
  from sessions s join users u on u.id = s.user_id where s.id = $1 and s.expires_at > $2`;

const main = async () => {
  const database = await openScratchPostgres(CONCURRENCY);
  if (!database) return;
  const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY });
  pool.on('error', () => undefined);
  const endPool = onCleanup(() => pool.end());
  try {
    await migrateToLatest(database.db);
    const user = await insertUserFixture(database.db, { email: 'micro@example.it', password: 'Password-123' });
    const sessionId = 'f'.repeat(64);
    await database.db
      .insertInto('sessions')
      .values({ id: sessionId, user_id: user.id, kind: 'cookie', expires_at: new Date(Date.now() + 86_400_000) })
      .execute();

    const backendCpuMs = async () => {
      const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db);
      let ticks = 0;
      for (const { pid } of rows) {
        const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
        if (!stat) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      }
      return ticks * 10;
    };

    const cases: [string, () => Promise<unknown>][] = [
      ['select 1 (simple protocol): round-trip floor', () => pool.query('select 1')],
      ['session lookup, pg, unnamed statement', () => pool.query(SESSION_QUERY, [sessionId, new Date()])],
      ['session lookup, pg, named (prepared) statement', () => pool.query({ name: 'find_active_session', text: SESSION_QUERY, values: [sessionId, new Date()] })],
      ['session lookup, Kysely findActiveSession (as today)', () => findActiveSession(database.db, sessionId)],
    ];
    console.log(`session lookup micro-benchmark — ${CONCURRENCY} concurrent callers, ${SECONDS}s per case\n`);
    for (const [label, run] of cases) {
      for (let i = 0; i < 500; i++) await run();
      const backendBefore = await backendCpuMs();
      const cpuBefore = process.cpuUsage();
      const startedAt = performance.now();
      const endAt = Date.now() + SECONDS * 1000;
      let count = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (Date.now() < endAt) {
            await run();
            count++;
          }
        }),
      );
      const elapsedMs = performance.now() - startedAt;
      const cpu = process.cpuUsage(cpuBefore);
      const backendMs = (await backendCpuMs()) - backendBefore;
      console.log(
        `${label.padEnd(52)} ${String(Math.round((count / elapsedMs) * 1000)).padStart(7)} q/s   node ${((cpu.user + cpu.system) / count).toFixed(0).padStart(4)} µs/q   PostgreSQL ${((backendMs * 1000) / count).toFixed(0).padStart(4)} µs/q`,
      );
    }
  } finally {
    await endPool();
    await database.close();
  }
};

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error);
    await runCleanups();
    process.exit(1);
  },
);
