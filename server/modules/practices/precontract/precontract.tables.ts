import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../../db/types';

/** Versions of the admin's template of the single pre-contract form; the newest is in force. */
export interface PrecontractTemplatesTable {
  id: Generated<string>;
  content: ColumnType<unknown, string, never>;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** The pre-contract pack of one practice (issue 15). */
export interface PrecontractsTable {
  practice_id: string;
  /** missing, sent, signed or paper. */
  status: Generated<string>;
  questionnaire: ColumnType<unknown, string | null | undefined, string | null>;
  questionnaire_at: NullableTimestamp;
  questionnaire_by: string | null;
  quotation_id: string | null;
  template_id: string | null;
  pack_file_id: string | null;
  pack_sha256: string | null;
  /** What the pack was made from (client, corner, quotation, DIP files), for the public page and the evidence. */
  snapshot: ColumnType<unknown, string | null | undefined, string | null>;
  sent_to: string | null;
  sent_at: NullableTimestamp;
  sent_by: string | null;
  token_hash: string | null;
  token_expires_at: NullableTimestamp;
  signed_file_id: string | null;
  signed_sha256: string | null;
  signed_at: NullableTimestamp;
  evidence: ColumnType<unknown, string | null | undefined, string | null>;
  paper_at: NullableTimestamp;
  paper_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PrecontractOtpsTable {
  id: Generated<string>;
  practice_id: string;
  code_hash: string;
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

export type TPrecontractTables = {
  precontract_templates: PrecontractTemplatesTable;
  precontracts: PrecontractsTable;
  precontract_otps: PrecontractOtpsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../../db/types' {
  interface Database extends TPrecontractTables {}
}
