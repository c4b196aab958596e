import { sql, type Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { ContractsTable } from '../../db/types';
import { createOtpStore } from './otp-codes.repository';

/** Owns: `contracts`, `contract_otps` (module contract; map in server/platform/table-ownership.unit.test.ts). */

export const findContract = (db: TDb, userId: string) => db.selectFrom('contracts').selectAll().where('user_id', '=', userId).executeTakeFirst();

export type TContractRow = NonNullable<Awaited<ReturnType<typeof findContract>>>;

/** The corner's contract row, created when missing, locked until the transaction ends. */
export const lockContract = async (trx: TDb, userId: string): Promise<TContractRow> => {
  await trx.insertInto('contracts').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  return trx.selectFrom('contracts').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
};

export const updateContract = (db: TDb, userId: string, values: Updateable<ContractsTable>) =>
  db.updateTable('contracts').set({ ...values, updated_at: sql<Date>`now()` }).where('user_id', '=', userId).returningAll().executeTakeFirstOrThrow();

/** The corner's signing codes (SQL shared with the pre-contract pack's codes: ./otp-codes.repository.ts). */
export const otps = createOtpStore('contract_otps', 'user_id');
export type TOtpRow = NonNullable<Awaited<ReturnType<typeof otps.findLatest>>>;
