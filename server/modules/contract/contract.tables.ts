import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp } from '../../db/types';

export interface ContractsTable {
  user_id: string;
  /** none, sent or completed (spec section 4, contract progress). */
  progress: Generated<string>;
  generated_file_id: string | null;
  generated_sha256: string | null;
  generated_fingerprint: string | null;
  template_file_id: string | null;
  generated_at: NullableTimestamp;
  signed_file_id: string | null;
  signed_sha256: string | null;
  signed_at: NullableTimestamp;
  evidence: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ContractOtpsTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  channel: string;
  destination: string;
  document_file_id: string;
  document_sha256: string;
  attempts: Generated<number>;
  max_attempts: number;
  ip: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  invalidated_at: NullableTimestamp;
}

/** The tables of module contract by name (`contracts`, `contract_otps`). */
export type TContractTables = {
  contracts: ContractsTable;
  contract_otps: ContractOtpsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TContractTables {}
}
