import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test-app';

/**
 * The proof that copying a migrated database per file keeps files apart: two files run one after the other in the
 * same worker (their own suites, `*-isolation` in vitest.config.ts, have one worker), each on the same lifecycle as
 * every database file but without the reset between tests, which would hide a shared database. Each writes a row; the one that runs second finds, in the run's record, that the
 * first ran before it in this worker and wrote its row, and asserts that it cannot see that row.
 */
export const isolationCheck = (me: string, other: string) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  it(`does not see the row the other file (${other}) wrote in this worker`, async () => {
    const record = path.join(inject('isolationRunDir')!, `${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'}.json`);
    const earlier = JSON.parse(await fs.readFile(record, 'utf8').catch(() => '[]')) as Array<{ file: string; poolId: string; email: string }>;

    const email = `isolamento-${me}@example.it`;
    await t.createUser({ email, password: 'Password-Isolamento-1' });
    await fs.writeFile(record, JSON.stringify([...earlier, { file: me, poolId: process.env.VITEST_POOL_ID, email }]));

    const visible = await t.database.db.selectFrom('users').select('email').where('email', 'like', 'isolamento-%').execute();
    expect(visible.map((row) => row.email)).toEqual([email]);
    if (earlier.length > 0) {
      // The second file of the pair: the first ran before it in this same worker and wrote its row, which is not here.
      expect(earlier).toEqual([{ file: other, poolId: process.env.VITEST_POOL_ID, email: `isolamento-${other}@example.it` }]);
      expect(visible.map((row) => row.email)).not.toContain(earlier[0]!.email);
    }
  });
};
