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
  /** The corner's declaration (2026-11-27T0300): when, by whom, with which proof (a file of subject `paymentProof`). */
  declared_at: NullableTimestamp;
  declared_by: ColumnType<string | null, string | null | undefined, string | null>;
  proof_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The admin who confirmed it (`paid_at` is when). */
  confirmed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The admin's latest rejection of a proof, shown to the corner until it declares again. */
  rejected_at: NullableTimestamp;
  rejected_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Overdue reminders sent (at most 3, one a day) and when the last went (2026-11-27T0700). */
  reminders_sent: Generated<number>;
  last_reminded_at: NullableTimestamp;
}

/** Every change of a payment's state, append-only (triggers refuse updates, deletes and TRUNCATE). */
export interface PaymentEventsTable {
  id: Generated<string>;
  payment_id: string;
  kind: 'declared' | 'confirmed' | 'rejected';
  actor_id: string;
  impersonator_id: string | null;
  payload: ColumnType<unknown, string | undefined, never>;
  created_at: Generated<Date>;
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

/** The tables of module payments by name (`payments`, `payment_events`, `giftcards`). */
export type TPaymentsTables = {
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  giftcards: GiftcardsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TPaymentsTables {}
}
