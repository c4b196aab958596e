import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** Owns: `settings` (module settings; map in server/platform/table-ownership.unit.test.ts). */

/** The time of the latest change, or null when nothing was ever stored. */
export const findLatestChange = async (db: TDb): Promise<Date | null> => {
  const row = await db.selectFrom('settings').select((eb) => eb.fn.max('updated_at').as('latest')).executeTakeFirst();
  return row?.latest ? new Date(row.latest) : null;
};

export const findValues = (db: TDb, keys: readonly string[]) => db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [...keys]).execute();

export const findValue = async (db: TDb, key: string): Promise<unknown> =>
  (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

/** Stores one key's value (JSON), replacing the previous one. */
export const upsertValue = (db: TDb, key: string, value: unknown) => {
  const json = JSON.stringify(value);
  return db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: sql<Date>`now()` }))
    .execute();
};
