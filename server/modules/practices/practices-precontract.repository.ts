import { sql, type Insertable, type Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { PrecontractOtpsTable, PrecontractsTable } from './practices-precontract.tables';

/**
 * Owns: `precontract_templates`, `precontracts`, `precontract_otps` (module practices, the pre-contract pack; map in
 * server/platform/table-ownership.test.ts). Nothing deletes a template version or a pack (they are evidence kept
 * with the practice, Reg. IVASS 40/2018 art. 67); codes are deleted only when they never left.
 */

export const findLatestTemplate = (db: TDb) =>
  db.selectFrom('precontract_templates').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
export type TTemplateRow = NonNullable<Awaited<ReturnType<typeof findLatestTemplate>>>;

export const insertTemplate = (db: TDb, content: unknown, createdBy: string) =>
  db.insertInto('precontract_templates').values({ content: JSON.stringify(content), created_by: createdBy }).returningAll().executeTakeFirstOrThrow();

export const findPrecontract = (db: TDb, practiceId: string) => db.selectFrom('precontracts').selectAll().where('practice_id', '=', practiceId).executeTakeFirst();
export type TPrecontractRow = NonNullable<Awaited<ReturnType<typeof findPrecontract>>>;

/** The practice's pack row, created when missing, locked until the transaction ends. */
export const lockPrecontract = async (trx: TDb, practiceId: string): Promise<TPrecontractRow> => {
  await trx.insertInto('precontracts').values({ practice_id: practiceId }).onConflict((oc) => oc.column('practice_id').doNothing()).execute();
  return trx.selectFrom('precontracts').selectAll().where('practice_id', '=', practiceId).forUpdate().executeTakeFirstOrThrow();
};

export const updatePrecontract = (db: TDb, practiceId: string, values: Updateable<PrecontractsTable>) =>
  db.updateTable('precontracts').set({ ...values, updated_at: sql<Date>`now()` }).where('practice_id', '=', practiceId).returningAll().executeTakeFirstOrThrow();

export const findByTokenHash = (db: TDb, tokenHash: string) => db.selectFrom('precontracts').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** The newest code of the practice (whatever its state): its time says when the next may be sent. */
export const findLatestOtp = (db: TDb, practiceId: string) =>
  db.selectFrom('precontract_otps').selectAll().where('practice_id', '=', practiceId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
export type TPrecontractOtpRow = NonNullable<Awaited<ReturnType<typeof findLatestOtp>>>;

/** The code that can still sign (not used, not replaced), locked until the transaction ends. */
export const lockActiveOtp = (trx: TDb, practiceId: string) =>
  trx
    .selectFrom('precontract_otps')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('used_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

export const countOtpsSince = async (db: TDb, practiceId: string, since: Date) => {
  const row = await db
    .selectFrom('precontract_otps')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('practice_id', '=', practiceId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

export const invalidateOtps = (trx: TDb, practiceId: string) =>
  trx
    .updateTable('precontract_otps')
    .set({ invalidated_at: sql<Date>`now()` })
    .where('practice_id', '=', practiceId)
    .where('used_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .execute();

export const insertOtp = (trx: TDb, otp: Omit<Insertable<PrecontractOtpsTable>, 'attempts' | 'used_at' | 'invalidated_at'> & { id: string; created_at: Date }) =>
  trx.insertInto('precontract_otps').values(otp).returningAll().executeTakeFirstOrThrow();

export const deleteOtp = (db: TDb, id: string) => db.deleteFrom('precontract_otps').where('id', '=', id).execute();

/** One more wrong attempt; answers the count after it. */
export const addFailedAttempt = (trx: TDb, id: string) =>
  trx
    .updateTable('precontract_otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning(['attempts', 'max_attempts'])
    .executeTakeFirstOrThrow();

export const markOtpUsed = (trx: TDb, id: string) => trx.updateTable('precontract_otps').set({ used_at: sql<Date>`now()` }).where('id', '=', id).execute();
