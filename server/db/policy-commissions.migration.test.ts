import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../migrations/2026-11-27T0400_policy-commissions-ledger';
import { insertUserFixture } from '../testing/fixtures';
import { createTestDatabase } from '../testing/test-database';
import type { TDatabaseHandle } from './database';

// Issue 27: the commissions of policies issued before the ledger knew them get their entry, once.
let database: TDatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('migration 2026-11-27T0400 policy-commissions-ledger', () => {
  it('writes one commission entry per issued policy without one, dated at issue; twice changes nothing', async () => {
    const db = database.db;
    const corner = await insertUserFixture(db, { email: 'corner@example.it', password: 'Segreta123' });
    const client = await db.insertInto('clients').values({ corner_id: corner.id, type: 'persona', name: 'Luca', surname: 'Bianchi' }).returning('id').executeTakeFirstOrThrow();
    const issuedAt = new Date('2026-10-05T09:00:00Z');
    const practice = (state: string, extra: Record<string, unknown>) =>
      db
        .insertInto('practices')
        .values({ sector: 'rca', state, corner_id: corner.id, client_id: client.id, data: JSON.stringify({}), state_changed_at: issuedAt, ...extra } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const issued = await practice('emitted', { policy_number: 'POL-1', commission_cents: 4_800 });
    await practice('quotating', {});
    await practice('emitted', { policy_number: 'POL-0', commission_cents: 0 });

    await up(db as never);
    await up(db as never);
    const entries = await db.selectFrom('ledger_entries').selectAll().execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ practice_id: issued.id, corner_id: corner.id, kind: 'commission', description: 'Provvigione polizza n. POL-1', sector: 'rca' });
    expect(Number(entries[0]!.amount_cents)).toBe(4_800);
    expect(entries[0]!.created_at).toEqual(issuedAt);
  });
});
