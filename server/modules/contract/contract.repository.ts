import { sql, type Insertable, type Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { ContractOtpsTable, ContractsTable } from '../../db/types';

/** Owns: `contracts`, `contract_otps` (module contract; map in server/platform/table-ownership.test.ts). */

export const findContract = (db: TDb, userId: string) => db.selectFrom('contracts').selectAll().where('user_id', '=', userId).executeTakeFirst();

export type TContractRow = NonNullable<Awaited<ReturnType<typeof findContract>>>;

/** The corner's contract row, created when missing, locked until the transaction ends. */
export const lockContract = async (trx: TDb, userId: string): Promise<TContractRow> => {
  await trx.insertInto('contracts').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  return trx.selectFrom('contracts').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
};

export const updateContract = (db: TDb, userId: string, values: Updateable<ContractsTable>) =>
  db.updateTable('contracts').set({ ...values, updated_at: sql<Date>`now()` }).where('user_id', '=', userId).returningAll().executeTakeFirstOrThrow();

/** The newest code of the user (whatever its state): its time says when the next may be sent. */
export const findLatestOtp = (db: TDb, userId: string) =>
  db.selectFrom('contract_otps').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();

export type TOtpRow = NonNullable<Awaited<ReturnType<typeof findLatestOtp>>>;

/** The code that can still sign (not used, not replaced), locked until the transaction ends. */
export const lockActiveOtp = (trx: TDb, userId: string) =>
  trx
    .selectFrom('contract_otps')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

export const countOtpsSince = async (db: TDb, userId: string, since: Date) => {
  const row = await db
    .selectFrom('contract_otps')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

export const invalidateOtps = (trx: TDb, userId: string) =>
  trx.updateTable('contract_otps').set({ invalidated_at: sql<Date>`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).where('invalidated_at', 'is', null).execute();

export const insertOtp = (
  trx: TDb,
  otp: Omit<Insertable<ContractOtpsTable>, 'attempts' | 'used_at' | 'invalidated_at'> & { id: string; created_at: Date },
) => trx.insertInto('contract_otps').values(otp).returningAll().executeTakeFirstOrThrow();

export const deleteOtp = (db: TDb, id: string) => db.deleteFrom('contract_otps').where('id', '=', id).execute();

/** One more wrong attempt; answers the count after it. */
export const addFailedAttempt = async (trx: TDb, id: string) => {
  const row = await trx
    .updateTable('contract_otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning(['attempts', 'max_attempts'])
    .executeTakeFirstOrThrow();
  return row;
};

export const markOtpUsed = (trx: TDb, id: string) => trx.updateTable('contract_otps').set({ used_at: sql<Date>`now()` }).where('id', '=', id).execute();
