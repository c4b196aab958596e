import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** Owns: `settings`, `settings_history` (module settings; map in server/platform/table-ownership.unit.test.ts). */

/** The time of the latest change, or null when nothing was ever stored. */
export const findLatestChange = async (db: TDb): Promise<Date | null> => {
  const row = await db.selectFrom('settings').select((eb) => eb.fn.max('updated_at').as('latest')).executeTakeFirst();
  return row?.latest ? new Date(row.latest) : null;
};

export const findValues = (db: TDb, keys: readonly string[]) => db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [...keys]).execute();

export const findValue = async (db: TDb, key: string): Promise<unknown> =>
  (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

/** Stores one key's value (JSON), replacing the previous one; only through `writeValue`, which keeps the history. */
const upsertValue = (db: TDb, key: string, value: unknown) => {
  const json = JSON.stringify(value);
  return db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: sql<Date>`now()` }))
    .execute();
};

export type TSettingWrite = { key: string; value: unknown; actorId: string | null; impersonatorId: string | null; restoredFrom?: number | null };

const HISTORY_COLUMNS = ['version', 'value_before', 'value_after', 'actor_id', 'impersonator_id', 'restored_from', 'created_at'] as const;

/**
 * Stores one key's value and appends the change to its history (next version of the key, the value before and
 * after, who). Call it inside a transaction (`trx`): the lock per key (held to the commit) keeps concurrent writes of
 * one key from reading the same "before" or taking the same version.
 */
export const writeValue = async (trx: TDb, { key, value, actorId, impersonatorId, restoredFrom = null }: TSettingWrite) => {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`settings:${key}`}, 0))`.execute(trx);
  const before = await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  const latest = await trx.selectFrom('settings_history').select((eb) => eb.fn.max('version').as('version')).where('key', '=', key).executeTakeFirst();
  await upsertValue(trx, key, value);
  return trx
    .insertInto('settings_history')
    .values({
      key,
      version: Number(latest?.version ?? 0) + 1,
      value_before: before ? JSON.stringify(before.value) : null,
      value_after: JSON.stringify(value),
      actor_id: actorId,
      impersonator_id: impersonatorId,
      restored_from: restoredFrom,
    })
    .returning(HISTORY_COLUMNS)
    .executeTakeFirstOrThrow();
};
export type THistoryRow = Awaited<ReturnType<typeof writeValue>>;

/** One key's history, newest first. */
export const listHistory = (db: TDb, key: string): Promise<THistoryRow[]> =>
  db.selectFrom('settings_history').select(HISTORY_COLUMNS).where('key', '=', key).orderBy('version', 'desc').execute();

export const findHistoryVersion = (db: TDb, key: string, version: number): Promise<THistoryRow | undefined> =>
  db.selectFrom('settings_history').select(HISTORY_COLUMNS).where('key', '=', key).where('version', '=', version).executeTakeFirst();
