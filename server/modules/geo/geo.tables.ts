import type { Generated } from 'kysely';

export interface RegionsTable {
  code: string;
  name: string;
}

export interface ProvincesTable {
  code: string;
  sigla: string;
  name: string;
  region_code: string;
}

export interface ComuniTable {
  istat_code: string;
  name: string;
  /** The name lower-cased without accents, for typing search. */
  search_name: string;
  province_sigla: string;
  cadastral_code: string;
  caps: string[];
  population: number | null;
  active: Generated<boolean>;
  merged_into: string | null;
  updated_at: Generated<Date>;
}

export interface CountriesTable {
  /** The Z code a codice fiscale carries for a person born in that country. */
  code: string;
  name: string;
}

/** The tables of module geo by name (`regions`, `provinces`, `comuni`, `countries`). */
export type TGeoTables = {
  regions: RegionsTable;
  provinces: ProvincesTable;
  comuni: ComuniTable;
  countries: CountriesTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TGeoTables {}
}
