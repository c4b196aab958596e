import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../migrations/2026-11-27T0100_precontract-by-default';
import { readSectorSetting } from '../../shared/practices/sector-settings';
import { createTestDatabase } from '../testing/test-database';
import type { TDatabaseHandle } from './database';

// Issue 26 point 10: the pack is on by default; the `false` the first migration stored on every install goes, an
// admin's own later choice stays.
let database: TDatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const seed = async (adminChangedIt: boolean) => {
  const db = database.db;
  await db.deleteFrom('settings').execute();
  const seededAt = new Date('2026-11-21T11:00:00Z');
  await db
    .insertInto('settings')
    .values([
      { key: 'aniaState', value: JSON.stringify(true), updated_at: seededAt },
      { key: 'rcaPrecontrattuale', value: JSON.stringify(false), updated_at: adminChangedIt ? new Date('2026-11-25T09:30:00Z') : seededAt },
    ])
    .execute();
};
const stored = async () => (await database.db.selectFrom('settings').select('value').where('key', '=', 'rcaPrecontrattuale').executeTakeFirst())?.value;

describe('migration 2026-11-27T0100 precontract-by-default', () => {
  it('removes the seeded false, so the pack is asked for by default', async () => {
    await seed(false);
    await up(database.db as never);
    expect(await stored()).toBeUndefined();
    expect(readSectorSetting('rcaPrecontrattuale', await stored())).toBe(true);
  });

  it('keeps the waiver an admin chose after the seed', async () => {
    await seed(true);
    await up(database.db as never);
    expect(await stored()).toBe(false);
    expect((await sql<{ n: number }>`select count(*)::int as n from settings`.execute(database.db)).rows[0]!.n).toBe(2);
  });
});
