import type { TDb } from '../../../db/database';

/**
 * Owns: `practice_quotations` (module practices; map in server/platform/table-ownership.unit.test.ts). Reads `practices`
 * (same module) only to learn which practice a quotation belongs to.
 */

export type TQuotationValues = {
  companyId: string | null;
  companyName: string;
  ivassCode: string | null;
  agencyId: string | null;
  agencyName: string | null;
  premiumCents: number;
  instalments: number;
  personInjuryCents: number | null;
  propertyDamageCents: number | null;
  insuredCents: number | null;
  covers: unknown[];
  conditions: string;
  validUntil: string;
};

const columns = (values: TQuotationValues) => ({
  company_id: values.companyId,
  company_name: values.companyName,
  ivass_code: values.ivassCode,
  agency_id: values.agencyId,
  agency_name: values.agencyName,
  premium_cents: values.premiumCents,
  instalments: values.instalments,
  person_injury_cents: values.personInjuryCents,
  property_damage_cents: values.propertyDamageCents,
  insured_cents: values.insuredCents,
  covers: JSON.stringify(values.covers),
  conditions: values.conditions,
  valid_until: values.validUntil,
});

export const listQuotations = (db: TDb, practiceId: string) =>
  db.selectFrom('practice_quotations').selectAll().where('practice_id', '=', practiceId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
export type TQuotationRow = Awaited<ReturnType<typeof listQuotations>>[number];

export const findQuotation = (db: TDb, practiceId: string, id: string) =>
  db.selectFrom('practice_quotations').selectAll().where('practice_id', '=', practiceId).where('id', '=', id).executeTakeFirst();

/** The practice (id, sector) a quotation belongs to, for the files subject's checks. */
export const findQuotationPractice = (db: TDb, id: string) =>
  db
    .selectFrom('practice_quotations as q')
    .innerJoin('practices as p', 'p.id', 'q.practice_id')
    .select(['p.id as practice_id', 'p.sector'])
    .where('q.id', '=', id)
    .executeTakeFirst();

export const findChosenQuotation = (db: TDb, practiceId: string) =>
  db.selectFrom('practice_quotations').selectAll().where('practice_id', '=', practiceId).where('chosen', '=', true).executeTakeFirst();

export const insertQuotation = (db: TDb, values: TQuotationValues & { id: string; practiceId: string; createdBy: string; filePath: string | null }) =>
  db
    .insertInto('practice_quotations')
    .values({ id: values.id, practice_id: values.practiceId, created_by: values.createdBy, file_path: values.filePath, ...columns(values) })
    .returningAll()
    .executeTakeFirstOrThrow();

/** New values (and a new PDF when given); a changed quotation is no longer chosen (the corner chooses again). */
export const updateQuotation = (db: TDb, practiceId: string, id: string, values: TQuotationValues, filePath: string | undefined) =>
  db
    .updateTable('practice_quotations')
    .set({ ...columns(values), ...(filePath !== undefined ? { file_path: filePath } : {}), chosen: false, updated_at: new Date() })
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

/** Makes `id` the one chosen quotation of the practice (the unique partial index keeps it to one). */
export const chooseQuotation = async (db: TDb, practiceId: string, id: string) => {
  await db.updateTable('practice_quotations').set({ chosen: false }).where('practice_id', '=', practiceId).where('chosen', '=', true).where('id', '<>', id).execute();
  await db.updateTable('practice_quotations').set({ chosen: true, updated_at: new Date() }).where('practice_id', '=', practiceId).where('id', '=', id).execute();
};

/** Locks the practice row for the caller's transaction and answers its state (undefined when missing). */
export const lockPracticeState = async (db: TDb, practiceId: string): Promise<string | undefined> =>
  (await db.selectFrom('practices').select('state').where('id', '=', practiceId).forUpdate().executeTakeFirst())?.state;

/** The sector of a practice by id (files subjects name the practice only). */
export const findPracticeSector = async (db: TDb, practiceId: string): Promise<string | undefined> =>
  (await db.selectFrom('practices').select('sector').where('id', '=', practiceId).executeTakeFirst())?.sector;
