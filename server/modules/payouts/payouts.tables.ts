import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/types';

/** What a corner asked to be paid and how it was paid (issue 27). */
export interface PayoutsTable {
  id: Generated<string>;
  corner_id: string;
  method: string;
  state: Generated<string>;
  /** bigint: drivers answer a string. */
  amount_cents: ColumnType<string | number, number, never>;
  withholding_cents: ColumnType<string | number, number, never>;
  stamp_cents: ColumnType<string | number, number, never>;
  net_cents: ColumnType<string | number, number, never>;
  threshold_crossed: ColumnType<boolean, boolean | undefined, never>;
  number: ColumnType<string | null, string | null | undefined, never>;
  year: ColumnType<number, number, never>;
  /** The document's input, frozen when asked (the receipt's or the invoice's). */
  document: ColumnType<unknown, string | null | undefined, never>;
  giftcard_choice_id: ColumnType<string | null, string | null | undefined, never>;
  giftcard_name: ColumnType<string | null, string | null | undefined, never>;
  giftcard_id: ColumnType<string | null, string | null | undefined, string | null>;
  transfer_date: ColumnType<string | null, string | null | undefined, string | null>;
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  paid_at: NullableTimestamp;
  paid_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

/** A corner's billing data for receipts and invoices. */
export interface PayoutProfilesTable {
  corner_id: string;
  address: string;
  postal_code: string;
  city: string;
  province: string;
  iban: string;
  updated_at: Generated<Date>;
}

export type TPayoutsTables = { payouts: PayoutsTable; payout_profiles: PayoutProfilesTable };

declare module '../../db/types' {
  interface Database extends TPayoutsTables {}
}
