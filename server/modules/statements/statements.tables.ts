import type { Generated } from 'kysely';

/** The monthly commission statement of a corner, one per corner and month (`YYYY-MM`), its PDF a file of the corner. */
export interface LedgerStatementsTable {
  corner_id: string;
  month: string;
  file_id: string;
  created_at: Generated<Date>;
}

export type TStatementsTables = { ledger_statements: LedgerStatementsTable };

declare module '../../db/types' {
  interface Database extends TStatementsTables {}
}
