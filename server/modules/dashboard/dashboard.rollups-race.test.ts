import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { practicesFixtures } from '../practices/testing/practices.fixtures';
import { rebuildRollups, rollupSnapshot } from './dashboard.repository';

// Issue 28: the dashboard's rollups are counters shared by every transaction that moves a practice. Transactions
// moving practices in opposite directions (quotating → askEmission and back, at once) take the counter rows in one
// sorted order, table by table, and so wait for each other rather than deadlock (on PostgreSQL, with a pool of
// connections; PGlite runs one transaction at a time). Each transaction does what the engine does: update the
// practice, then append its history, with a pause between to widen the window.
const t = useTestApp();
const { corner, staff, clientOf } = practicesFixtures(t, 'Mozilla/5.0 (Test) Dashboard race');

describe('dashboard rollups under concurrent transitions', () => {
  it('never deadlocks and counts every move', async () => {
    const a = await corner('race@example.it', 'Rita');
    const broker = await staff('race-rca@example.it', 'broker', 'RC Auto', 'Remo');
    const clientId = await clientOf(a.id);
    const db = t.database.db;
    const created = await sql<{ id: string; state: string }>`
      insert into practices (sector, client_id, corner_id, state, data)
      select 'rca', ${clientId}, ${a.id}, case when i % 2 = 0 then 'quotating' else 'askEmission' end, '{}'::jsonb from generate_series(1, 8) as s(i)
      returning id, state`.execute(db);
    for (const practice of created.rows) {
      await sql`insert into practice_events (practice_id, actor_id, kind, from_state, to_state) values (${practice.id}, ${broker.id}, 'create', null, ${practice.state})`.execute(db);
    }
    const states = new Map(created.rows.map((row) => [row.id, row.state]));
    const move = (id: string) =>
      db.transaction().execute(async (trx) => {
        const from = states.get(id)!;
        const to = from === 'quotating' ? 'askEmission' : 'quotating';
        await sql`update practices set state = ${to}, state_changed_at = now() where id = ${id}`.execute(trx);
        await sql`select pg_sleep(0.01)`.execute(trx);
        await sql`insert into practice_events (practice_id, actor_id, kind, from_state, to_state) values (${id}, ${broker.id}, 'transition', ${from}, ${to})`.execute(trx);
        return { id, to };
      });
    for (let round = 0; round < 10; round++) {
      const results = await Promise.allSettled(created.rows.map((row) => move(row.id)));
      expect(results.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
      for (const result of results) if (result.status === 'fulfilled') states.set(result.value.id, result.value.to);
    }
    const counts = await sql<{ state: string; n: string }>`select state, n::text from dashboard_state_counts where sector = 'rca' and n <> 0 order by state`.execute(db);
    expect(counts.rows).toEqual([
      { state: 'askEmission', n: '4' },
      { state: 'quotating', n: '4' },
    ]);
    const kept = await rollupSnapshot(db);
    await rebuildRollups(db);
    expect(await rollupSnapshot(db)).toEqual(kept);
  });
});
