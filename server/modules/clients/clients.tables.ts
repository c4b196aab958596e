import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../../db/types';

export interface ClientsTable {
  id: Generated<string>;
  corner_id: string;
  type: string;
  name: Generated<string>;
  surname: Generated<string>;
  business: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  cf: Generated<string>;
  vat: Generated<string>;
  /** An ISO date written as text; read it as `birth_date::text` (drivers differ on dates). */
  birth_date: ColumnType<unknown, string | null | undefined, string | null>;
  sex: ColumnType<'M' | 'F' | null, 'M' | 'F' | null | undefined, 'M' | 'F' | null>;
  birthplace_code: Generated<string>;
  birthplace_label: Generated<string>;
  company_cf: Generated<string>;
  pec: Generated<string>;
  sdi_code: Generated<string>;
  legal_rep: ColumnType<{ name: string; surname: string; cf: string } | null, string | null | undefined, string | null>;
  /** E.164 numbers; `phone` keeps the first for the spec's list and filter. */
  phones: ColumnType<string[], string | undefined, string>;
  street: Generated<string>;
  street_number: Generated<string>;
  cap: Generated<string>;
  comune_istat: Generated<string>;
  comune_name: Generated<string>;
  province_sigla: Generated<string>;
  notes: Generated<string>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
  /** When its data was erased (GDPR, migration 2026-11-23T1811_client-erasure); the row stays, anonymised. */
  erased_at: NullableTimestamp;
}

/** GDPR erasure requests and their outcome (clients.gdpr.ts). */
export interface ClientErasureRequestsTable {
  id: Generated<string>;
  client_id: string;
  corner_id: string;
  requested_by: string | null;
  outcome: 'done' | 'refused';
  /** The date (ISO, as text) until which the data is held, for a refusal. */
  held_until: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

export interface ClientNotesTable {
  id: Generated<string>;
  client_id: string;
  author_id: ColumnType<string | null, string | null | undefined, string | null>;
  text: string;
  created_at: Generated<Date>;
}

/** The tables of module clients by name (`clients`, `client_notes`). */
export type TClientsTables = {
  clients: ClientsTable;
  client_notes: ClientNotesTable;
  client_erasure_requests: ClientErasureRequestsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TClientsTables {}
}
