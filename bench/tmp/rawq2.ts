import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type TDatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { insertUserFixture } from '../../server/testing/fixtures';
import { findActiveSession } from '../../server/modules/auth/auth.repository';
import { hashToken } from '../../server/platform/tokens';

const run = async (label: string, conc: number, ms: number, fn: () => Promise<unknown>) => {
  let n = 0; const end = Date.now() + ms; const c0 = process.cpuUsage(); const t0 = Date.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (Date.now() < end) { await fn(); n++; } }));
  const cu = process.cpuUsage(c0); const el = Date.now() - t0;
  console.log(label.padEnd(50), 'conc', conc, String(Math.round(n / (el / 1000))).padStart(6), 'q/s', ' node cpu', ((cu.user + cu.system) / 1000 / el * 100).toFixed(0) + '%', ' node µs/q', ((cu.user + cu.system) / n).toFixed(0));
};

const bench = async (h: TDatabaseHandle, kind: string, raw?: pg.Pool) => {
  await migrateToLatest(h.db);
  const u = await insertUserFixture(h.db, { email: `x${randomBytes(3).toString('hex')}@e.it`, password: 'Password123!' });
  const sid = hashToken(randomBytes(8).toString('hex'));
  await h.db.insertInto('sessions').values({ id: sid, user_id: u.id, kind: 'cookie', expires_at: new Date(Date.now() + 1e9) }).execute();
  const C = 20, T = 3000;
  await run(`${kind} kysely findActiveSession`, C, T, () => findActiveSession(h.db, sid));
  await run(`${kind} kysely select 1`, C, T, () => sql`select 1`.execute(h.db));
  await run(`${kind} kysely sessions only by id`, C, T, () => h.db.selectFrom('sessions').select(['id','kind','user_id']).where('id','=',sid).executeTakeFirst());
  await run(`${kind} kysely join, no expires, no timestamp col`, C, T, () => h.db.selectFrom('sessions as s').innerJoin('users as u','u.id','s.user_id').select(['s.id','s.kind','s.impersonator_id','u.id as user_id','u.role','u.state']).where('s.id','=',sid).executeTakeFirst());
  if (raw) {
    const text = `select s.id, s.kind, s.impersonator_id, s.last_seen_at, u.id as user_id, u.role, u.state from sessions s join users u on u.id = s.user_id where s.id = $1 and s.expires_at > $2`;
    await run(`${kind} raw pg same query unnamed`, C, T, () => raw.query(text, [sid, new Date()]));
    await run(`${kind} raw pg same query named (prepared)`, C, T, () => raw.query({ name: 'fas', text, values: [sid, new Date()] }));
    await run(`${kind} raw pg same query, now() instead of $2`, C, T, () => raw.query(text.replace('$2', 'now()'), [sid]));
    await run(`${kind} raw pg select 1`, C, T, () => raw.query('select 1'));
  }
};

if (process.argv[2] !== 'pg') { const pgl = await openDatabase({ dataDir: null }); await bench(pgl, 'pglite'); await pgl.close(); }
const server = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_raw_${randomBytes(3).toString('hex')}`;
const a = new pg.Client(server); await a.connect(); await a.query(`create database ${name}`); await a.end();
try {
  const url = server.replace(/postgres$/, name);
  const p = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 10 });
  const raw = new pg.Pool({ connectionString: url, max: 10 });
  await bench(p, `pg`, raw); await p.close(); await raw.end();
  const c = new pg.Client(url); await c.connect();
  const r = await c.query(`explain (analyze, buffers) select s.id, s.kind, s.impersonator_id, s.last_seen_at, u.id as user_id, u.role, u.state from sessions s join users u on u.id = s.user_id where s.id = (select id from sessions limit 1) and s.expires_at > now()`);
  console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n')); await c.end();
} finally {
  const d = new pg.Client(server); await d.connect(); await d.query(`drop database ${name} with (force)`); await d.end();
}
