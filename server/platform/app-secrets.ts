import type { TDb } from '../db/database';

/**
 * Owns: `app_secrets` (platform; map in server/platform/table-ownership.unit.test.ts). App-wide secrets by key (VAPID
 * keys, the HMAC key of the contract codes), created once by whichever instance asks first: every instance then
 * uses the stored one.
 */
export const loadOrCreateSecret = async <T>(db: TDb, key: string, create: () => T, parse: (stored: unknown) => T | null): Promise<T> => {
  const read = async () => {
    const row = await db.selectFrom('app_secrets').select('value').where('key', '=', key).executeTakeFirst();
    return row ? parse(row.value) : null;
  };
  const stored = await read();
  if (stored) return stored;
  await db
    .insertInto('app_secrets')
    .values({ key, value: JSON.stringify(create()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // Another instance may have inserted first: everyone uses the stored value.
  const winner = await read();
  if (!winner) throw new Error(`secret ${key} could not be stored`);
  return winner;
};
