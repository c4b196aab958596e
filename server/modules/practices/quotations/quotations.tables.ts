import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../../db/types';

type TBigint = ColumnType<string | number, number, number>;
type TNullableBigint = ColumnType<string | number | null, number | null | undefined, number | null>;

/** A quotation of a practice (issue 15): money in integer cents, `valid_until` an ISO date text. */
export interface PracticeQuotationsTable {
  id: Generated<string>;
  practice_id: string;
  company_id: string | null;
  company_name: string;
  ivass_code: string | null;
  agency_id: string | null;
  agency_name: string | null;
  /** bigint: drivers answer a string. */
  premium_cents: TBigint;
  instalments: number;
  /** RC Auto's limits per claim; null on a quotation with an insured sum instead. */
  person_injury_cents: TNullableBigint;
  property_damage_cents: TNullableBigint;
  /** The insured (or guaranteed) sum of the other insurance sectors; null on a RC Auto quotation. */
  insured_cents: TNullableBigint;
  covers: Json;
  conditions: string;
  valid_until: string;
  chosen: Generated<boolean>;
  /** The quotation PDF (`files/<id>`), a file of subject 'practice-quotation'. */
  file_path: string | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type TPracticeQuotationsTables = { practice_quotations: PracticeQuotationsTable };

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../../db/types' {
  interface Database extends TPracticeQuotationsTables {}
}
