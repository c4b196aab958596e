import { Migrator } from 'kysely';
import { migrations } from '../../migrations';
import type { TDb } from './database';

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export const migrateToLatest = async (db: TDb): Promise<string[]> => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
