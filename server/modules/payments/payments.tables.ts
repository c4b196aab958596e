import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/types';

export interface PaymentsTable {
  id: Generated<string>;
  corner_id: string;
  description: string;
  /** bigint (2026-11-26T1200): drivers answer a string, readers convert with Number(). */
  amount_cents: ColumnType<string | number, number, number>;
  status: string;
  due_date: NullableTimestamp;
  paid_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The practice whose request for issue raised it (the premium), if any. */
  practice_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GiftcardsTable {
  id: Generated<string>;
  corner_id: string;
  name: string;
  /** bigint (2026-11-26T1200): drivers answer a string, readers convert with Number(). */
  amount_cents: ColumnType<string | number, number, number>;
  code: string;
  created_at: Generated<Date>;
}

/** The tables of module payments by name (`payments`, `giftcards`). */
export type TPaymentsTables = {
  payments: PaymentsTable;
  giftcards: GiftcardsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TPaymentsTables {}
}
