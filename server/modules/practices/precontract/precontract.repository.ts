import { sql, type Updateable } from 'kysely';
import type { TDb } from '../../../db/database';
import { createOtpStore } from '../../contract/otp-codes.repository';
import type { PrecontractsTable } from './precontract.tables';

/**
 * Owns: `precontract_templates`, `precontracts`, `precontract_otps` (module practices, the pre-contract pack; map in
 * server/platform/table-ownership.unit.test.ts). Nothing deletes a template version or a pack (they are evidence kept
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

/** The client's signing codes of a practice's pack (SQL shared with the contract's codes: contract/otp-codes.repository.ts). */
export const otps = createOtpStore('precontract_otps', 'practice_id');
export type TPrecontractOtpRow = NonNullable<Awaited<ReturnType<typeof otps.findLatest>>>;
