import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp } from '../../db/types';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  role: string;
  state: string;
  type: string;
  name: Generated<string>;
  surname: Generated<string>;
  business: Generated<string>;
  vat: Generated<string>;
  cf: Generated<string>;
  tax_regime: string | null;
  has_employee: Generated<boolean>;
  phone: Generated<string>;
  img_path: string | null;
  broker_type: string | null;
  /** A corner's tier (bronze, silver, gold: what it may open); null for the other roles. */
  tier: string | null;
  rui_section: string | null;
  rui_number: string | null;
  rui_verified_at: NullableTimestamp;
  email_verified_at: NullableTimestamp;
  privacy_accepted_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  kind: string;
  impersonator_id: string | null;
  /** For a bearer (impersonation) session: the admin session that issued it; it ends with that session. */
  impersonator_session_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface UserTokensTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<string>;
  created_at: Generated<Date>;
  admin_id: string;
  user_id: string;
  action: string;
  method: string | null;
  path: string | null;
  status_code: number | null;
  ip: string | null;
  /** What the action needs beyond its path (a reason, a date); written as JSON text. */
  details: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** The tables of module auth by name (`users`, `sessions`, `user_tokens`, `audit_log`). */
export type TAuthTables = {
  users: UsersTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  audit_log: AuditLogTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TAuthTables {}
}
