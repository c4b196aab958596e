import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TLedgerEntry, TLedgerPage } from '../../../shared/schemas/ledger';
import { useTestApp } from '../../testing/test-app';
import { platformCompany } from '../payouts/documents/payout-documents.fixtures';

// Issue 27: the ledger's invariants over random sequences of operations (fast-check), through the REST doors:
// the balance is the sum of the entries; no entry is ever updated or deleted; a reversal nets its entry to zero; a
// payout never exceeds what was available when asked.
const t = useTestApp();
const PASSWORD = 'Segreta123';
const UA = 'Mozilla/5.0 (Test) Ledger invariants';

type TUser = { id: string; cookie: string };
const signIn = async (email: string, role: 'corner' | 'admin', extra: Record<string, unknown> = {}): Promise<TUser> => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, name: 'Mario', surname: 'Rossi', ...extra });
  return { id, cookie: await t.login(email, PASSWORD) };
};
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TUser, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie, 'user-agent': UA }, ...(payload ? { payload } : {}) });

type TOp = { kind: 'credit'; cents: number } | { kind: 'debit'; cents: number } | { kind: 'reverse'; pick: number } | { kind: 'payout'; cents: number };
const op: fc.Arbitrary<TOp> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), cents: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({ kind: fc.constant('debit' as const), cents: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('payout' as const), cents: fc.integer({ min: 1_000, max: 400_000 }) }),
);

const allEntries = async (who: TUser): Promise<{ list: TLedgerEntry[]; page: TLedgerPage }> => {
  const list: TLedgerEntry[] = [];
  let page: TLedgerPage;
  let number = 1;
  do {
    page = (await call('GET', `/api/ledger?page=${number}&limit=200`, who)).json() as TLedgerPage;
    list.push(...page.list);
    number += 1;
  } while (list.length < page.total);
  return { list, page };
};

describe('ledger invariants (property-based)', () => {
  it('over random credits, debits, reversals and payouts: balance = sum, entries unchanged, reversals net to zero, payouts within what was available', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    expect((await call('PUT', '/api/admin/payouts/company', admin, platformCompany)).statusCode).toBe(200);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        run += 1;
        const corner = await signIn(`corner${run}@example.it`, 'corner', { cf: 'RSSMRA85T10A562S' });
        await call('PUT', '/api/payouts/profile', corner, { address: 'Via Roma 1', postalCode: '00184', city: 'Roma', province: 'RM', iban: 'IT60X0542811101000000123456' });
        const seen = new Map<string, TLedgerEntry>();
        for (const step of ops) {
          const before = (await call('GET', '/api/ledger?limit=1', corner)).json() as TLedgerPage;
          if (step.kind === 'credit' || step.kind === 'debit') {
            const response = await call('POST', '/api/admin/ledger', admin, { cornerId: corner.id, amountCents: step.kind === 'credit' ? step.cents : -step.cents, description: 'Rettifica di prova' });
            expect(response.statusCode).toBe(201);
          } else if (step.kind === 'reverse') {
            const reversible = [...seen.values()].filter((entry) => entry.kind === 'correction' && !entry.reversed);
            if (reversible.length === 0) continue;
            const target = reversible[step.pick % reversible.length]!;
            const response = await call('POST', `/api/admin/ledger/${target.id}/reverse`, admin, { reason: 'errore di battitura' });
            expect(response.statusCode).toBe(201);
          } else {
            const response = await call('POST', '/api/payouts', corner, { amountCents: step.cents, method: 'receipt' });
            // Accepted exactly when it fits what was available.
            if (step.cents <= before.availableCents) expect(response.statusCode, response.body).toBe(201);
            else expect([400, 409]).toContain(response.statusCode);
          }
          const { list, page } = await allEntries(corner);
          // The balance is the sum of the entries; available never goes below zero through a payout.
          expect(page.balanceCents).toBe(list.reduce((sum, entry) => sum + entry.amountCents, 0));
          // No entry seen before changed or vanished.
          for (const [id, entry] of seen) {
            const now = list.find((item) => item.id === id);
            expect(now && { ...now, reversed: false }).toEqual({ ...entry, reversed: false });
          }
          for (const entry of list) seen.set(entry.id, entry);
          // A reversal nets its entry to zero.
          for (const reversal of list.filter((entry) => entry.kind === 'reversal')) {
            const target = list.find((entry) => entry.id === reversal.reversesId);
            expect(target!.amountCents + reversal.amountCents).toBe(0);
            expect(target!.reversed).toBe(true);
          }
        }
      }),
      { numRuns: 12 },
    );
    // And the table itself refuses to change a row, whatever the door.
    await expect(sql`delete from ledger_entries`.execute(t.database.db)).rejects.toThrow(/append-only/);
  }, 120_000);
});
