import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/test-app';
import { EXAMPLE, practicesFixtures, url } from '../testing/practices.fixtures';

const t = useTestApp();
const { call, people, createPractice } = practicesFixtures(t, 'Mozilla/5.0 (Test) Append-only');

describe('append-only by the database: a practice’s history and the ledger', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of practice_events and TRUNCATE of ledger_entries; inserts and reads stay', async () => {
    const { a, clientA } = await people();
    const practice = await createPractice(a, clientA);
    expect((await call('PATCH', url(practice.id), a.cookie, { ...EXAMPLE, notes: 'Nuova nota' })).statusCode).toBe(200);
    const db = t.database.db;
    await sql`insert into ledger_entries (corner_id, kind, amount_cents, description) values (${a.id}, 'commission', 1000, 'Provvigione')`.execute(db);

    await expect(sql`update practice_events set kind = 'forged' where practice_id = ${practice.id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from practice_events where practice_id = ${practice.id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate practice_events`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate ledger_entries`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate ledger_entries, practice_events`.execute(db)).rejects.toThrow(/append-only/);

    const events = await db.selectFrom('practice_events').select('kind').where('practice_id', '=', practice.id).orderBy('id').execute();
    expect(events.map((event) => event.kind)).toEqual(['created', 'data_changed']);
    expect((await db.selectFrom('ledger_entries').select('id').execute())).toHaveLength(1);
    // The history still reads through the API.
    expect((await call('GET', url(practice.id, '/history'), a.cookie)).json()).toHaveLength(2);
  });
});
