import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 27, one ledger for everything a corner is owed: issuing an insurance policy now writes its commission to
// `ledger_entries` (as activating a supply does). The policies issued before keep their commission on the practice
// only; they get their entry here, once (the unique (practice_id, kind) index and `not exists` keep it to one),
// dated when the practice was issued.

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`
    insert into ledger_entries (corner_id, practice_id, sector, kind, amount_cents, description, actor_id, created_at)
    select p.corner_id, p.id, p.sector, 'commission', p.commission_cents, 'Provvigione polizza n. ' || p.policy_number, p.broker_id, p.state_changed_at
    from practices p
    where p.sector in ('rca', 'altri-rami', 'fideiussioni') and p.state = 'emitted' and p.commission_cents > 0 and p.policy_number is not null
      and not exists (select 1 from ledger_entries e where e.practice_id = p.id and e.kind = 'commission')
  `.execute(db);
};

// The ledger is append-only: the entries stay (they are what the corners were owed).
export const down = async (): Promise<void> => {};
