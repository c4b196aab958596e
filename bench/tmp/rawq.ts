import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type TDatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { insertUserFixture } from '../../server/testing/fixtures';
import { findActiveSession } from '../../server/modules/auth/auth.repository';
import { hashToken } from '../../server/platform/tokens';

const run = async (label: string, h: TDatabaseHandle, conc: number, ms: number, fn: () => Promise<unknown>) => {
  let n = 0; const end = Date.now() + ms;
  await Promise.all(Array.from({ length: conc }, async () => { while (Date.now() < end) { await fn(); n++; } }));
  console.log(label, 'conc', conc, Math.round(n / (ms / 1000)), 'q/s');
};

const bench = async (h: TDatabaseHandle, kind: string) => {
  await migrateToLatest(h.db);
  const u = await insertUserFixture(h.db, { email: `x${randomBytes(3).toString('hex')}@e.it`, password: 'Password123!' });
  const sid = hashToken('tok');
  await h.db.insertInto('sessions').values({ id: sid, user_id: u.id, kind: 'cookie', expires_at: new Date(Date.now() + 1e9) }).execute();
  for (const c of [1, 10, 50]) await run(`${kind} findActiveSession`, h, c, 3000, () => findActiveSession(h.db, sid));
  await run(`${kind} select 1 (kysely sql)`, h, 10, 3000, () => h.db.selectNoFrom((eb) => eb.val(1).as('x')).execute());
};

const pgl = await openDatabase({ dataDir: null });
await bench(pgl, 'pglite-mem'); await pgl.close();
const server = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_raw_${randomBytes(3).toString('hex')}`;
const a = new pg.Client(server); await a.connect(); await a.query(`create database ${name}`); await a.end();
for (const pool of [10, 2]) {
  const p = await openDatabase({ databaseUrl: server.replace(/postgres$/, name), dataDir: null, poolSize: pool });
  await bench(p, `pg pool=${pool}`); await p.close();
}
const d = new pg.Client(server); await d.connect(); await d.query(`drop database ${name} with (force)`); await d.end();
