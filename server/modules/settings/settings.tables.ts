import type { Generated } from 'kysely';
import type { Json } from '../../db/types';

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: Generated<Date>;
}

/** Every change of a settings key (append-only). */
export interface SettingsHistoryTable {
  id: Generated<string>;
  key: string;
  version: number;
  /** Null when the key was not stored before this change. */
  value_before: Json | null;
  value_after: Json;
  actor_id: string | null;
  impersonator_id: string | null;
  /** The version whose value a restore wrote back. */
  restored_from: number | null;
  created_at: Generated<Date>;
}

/** The tables of module settings by name (`settings`, `settings_history`). */
export type TSettingsTables = {
  settings: SettingsTable;
  settings_history: SettingsHistoryTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TSettingsTables {}
}
