import type { ColumnType, Generated } from 'kysely';

/** The corners' ledger (design "Money"): append-only (a trigger refuses updates and deletes). */
export interface LedgerEntriesTable {
  /** bigint identity: drivers answer a string. */
  id: Generated<string>;
  corner_id: string;
  practice_id: ColumnType<string | null, string | null | undefined, never>;
  sector: ColumnType<string | null, string | null | undefined, never>;
  kind: ColumnType<string, string, never>;
  /** bigint, signed: drivers answer a string. */
  amount_cents: ColumnType<string | number, number, never>;
  description: ColumnType<string, string, never>;
  actor_id: ColumnType<string | null, string | null | undefined, never>;
  /** ISO day it can be paid out (inside a clawback window); null: now. */
  available_on: ColumnType<string | null, string | null | undefined, never>;
  /** bigint: the entry this one nets out (a clawback, a reversal). */
  reverses_id: ColumnType<string | null, string | null | undefined, never>;
  /** bigint: a referral share's commission. */
  source_entry_id: ColumnType<string | null, string | null | undefined, never>;
  payout_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: Generated<Date>;
}

export type TLedgerTables = { ledger_entries: LedgerEntriesTable };

declare module '../../db/types' {
  interface Database extends TLedgerTables {}
}
