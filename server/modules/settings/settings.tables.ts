import type { Generated } from 'kysely';
import type { Json } from '../../db/types';

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: Generated<Date>;
}

/** The tables of module settings by name (`settings`). */
export type TSettingsTables = {
  settings: SettingsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TSettingsTables {}
}
