import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../../db/types';

/** One practice of one sector (issue 15): `state` and `data` are checked against the sector's definition. */
export interface PracticesTable {
  id: Generated<string>;
  sector: string;
  client_id: string;
  corner_id: string;
  /** The broker who took it ("prendi in carico"), null until then. */
  broker_id: ColumnType<string | null, string | null | undefined, string | null>;
  state: string;
  data: Json;
  data_version: Generated<number>;
  /** The definition's searchText, lower case. */
  search_text: string;
  /** bigint: drivers answer a string. */
  commission_cents: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  state_changed_at: Generated<Date>;
  /** The issued policy (money part): number, effective and expiry dates as ISO `YYYY-MM-DD` text. */
  policy_number: ColumnType<string | null, string | null | undefined, string | null>;
  policy_effective_date: ColumnType<string | null, string | null | undefined, string | null>;
  policy_expiry_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why it was refused or sent back to quotation. */
  outcome_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The issued practice this one renews (unique: one renewal per practice). */
  renewal_of_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The practice opened to renew this one. */
  renewed_by_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the corner was reminded of the policy's expiry (once). */
  renewal_reminded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Utilities (issue 16): when the supply is expected to start, started and ended, ISO `YYYY-MM-DD`. */
  expected_start_date: ColumnType<string | null, string | null | undefined, string | null>;
  supply_start_date: ColumnType<string | null, string | null | undefined, string | null>;
  supply_end_date: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The history of a practice: append-only, never updated nor deleted. */
export interface PracticeEventsTable {
  /** bigint identity: drivers answer a string. */
  id: Generated<string>;
  practice_id: string;
  at: Generated<Date>;
  actor_id: string;
  impersonator_id: ColumnType<string | null, string | null | undefined, never>;
  kind: string;
  from_state: ColumnType<string | null, string | null | undefined, never>;
  to_state: ColumnType<string | null, string | null | undefined, never>;
  /** `[{path, from, to}]` for data changes. */
  changes: ColumnType<unknown, string | undefined, never>;
  payload: ColumnType<unknown, string | undefined, never>;
}

/** The tables of module practices by name. */
export type TPracticesTables = {
  practices: PracticesTable;
  practice_events: PracticeEventsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../../db/types' {
  interface Database extends TPracticesTables {}
}
