import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/types';

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
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

/** The tables of module clients by name (`clients`). */
export type TClientsTables = {
  clients: ClientsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TClientsTables {}
}
