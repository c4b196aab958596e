import type { Generated } from 'kysely';

/** An insurance company of the admin list (issue 15), preloaded with the insurers authorised in Italy. */
export interface InsuranceCompaniesTable {
  id: Generated<string>;
  name: string;
  /** Number in the IVASS register; '' when unknown. */
  ivass_code: Generated<string>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An agency of a company. */
export interface InsuranceAgenciesTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  code: Generated<string>;
  city: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The tables of module insurers by name. */
export type TInsurersTables = {
  insurance_companies: InsuranceCompaniesTable;
  insurance_agencies: InsuranceAgenciesTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TInsurersTables {}
}
