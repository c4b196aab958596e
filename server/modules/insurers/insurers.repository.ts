import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { containsPattern } from '../../db/like';

/** Owns: `insurance_companies`, `insurance_agencies` (module insurers; map in server/platform/table-ownership.unit.test.ts). */

export const listCompanies = (db: TDb, query: { q?: string; includeInactive?: boolean }) => {
  let select = db.selectFrom('insurance_companies').selectAll();
  if (!query.includeInactive) select = select.where('active', '=', true);
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    select = select.where((eb) => eb.or([eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(ivass_code)`, 'like', pattern)]));
  }
  return select.orderBy(sql`lower(name)`).orderBy('id').execute();
};
export type TCompanyRow = Awaited<ReturnType<typeof listCompanies>>[number];

export const findCompany = (db: TDb, id: string) => db.selectFrom('insurance_companies').selectAll().where('id', '=', id).executeTakeFirst();

/** A company by its name, case-insensitively (quotations naming a company of the list). */
export const findCompanyByName = (db: TDb, name: string) =>
  db.selectFrom('insurance_companies').selectAll().where(sql`lower(name)`, '=', name.trim().toLowerCase()).executeTakeFirst();

export const insertCompany = (db: TDb, values: { name: string; ivassCode: string; active: boolean }) =>
  db.insertInto('insurance_companies').values({ name: values.name, ivass_code: values.ivassCode, active: values.active }).returningAll().executeTakeFirstOrThrow();

export const updateCompany = (db: TDb, id: string, values: { name: string; ivassCode: string; active: boolean }) =>
  db
    .updateTable('insurance_companies')
    .set({ name: values.name, ivass_code: values.ivassCode, active: values.active, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

/** Another company with this name or IVASS code (the unique indexes' rule), for the Italian message. */
export const findCompanyClash = (db: TDb, values: { name: string; ivassCode: string }, exceptId: string | null) => {
  let select = db
    .selectFrom('insurance_companies')
    .select(['id', 'name', 'ivass_code'])
    .where((eb) => {
      const byName = eb(sql`lower(name)`, '=', values.name.toLowerCase());
      return values.ivassCode ? eb.or([byName, eb(sql`upper(ivass_code)`, '=', values.ivassCode.toUpperCase())]) : byName;
    });
  if (exceptId) select = select.where('id', '<>', exceptId);
  return select.executeTakeFirst();
};

const agencies = (db: TDb) =>
  db
    .selectFrom('insurance_agencies as a')
    .innerJoin('insurance_companies as c', 'c.id', 'a.company_id')
    .select(['a.id', 'a.company_id', 'c.name as company_name', 'a.name', 'a.code', 'a.city', 'a.email', 'a.phone', 'a.active', 'a.created_at', 'a.updated_at']);

export const listAgencies = (db: TDb, query: { companyId?: string; q?: string; includeInactive?: boolean }) => {
  let select = agencies(db);
  if (!query.includeInactive) select = select.where('a.active', '=', true);
  if (query.companyId) select = select.where('a.company_id', '=', query.companyId);
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    select = select.where((eb) =>
      eb.or([eb(sql`lower(a.name)`, 'like', pattern), eb(sql`lower(a.code)`, 'like', pattern), eb(sql`lower(a.city)`, 'like', pattern), eb(sql`lower(c.name)`, 'like', pattern)]),
    );
  }
  return select.orderBy(sql`lower(c.name)`).orderBy(sql`lower(a.name)`).orderBy('a.id').execute();
};
export type TAgencyRow = Awaited<ReturnType<typeof listAgencies>>[number];

export const findAgency = (db: TDb, id: string) => agencies(db).where('a.id', '=', id).executeTakeFirst();

/** An agency by name, case-insensitively, of that company when given. */
export const findAgencyByName = (db: TDb, name: string, companyId: string | null) => {
  let select = agencies(db).where(sql`lower(a.name)`, '=', name.trim().toLowerCase());
  if (companyId) select = select.where('a.company_id', '=', companyId);
  return select.orderBy('a.created_at').executeTakeFirst();
};

type TAgencyValues = { companyId: string; name: string; code: string; city: string; email: string; phone: string; active: boolean };
const agencyColumns = (values: TAgencyValues) => ({
  company_id: values.companyId,
  name: values.name,
  code: values.code,
  city: values.city,
  email: values.email,
  phone: values.phone,
  active: values.active,
});

export const insertAgency = async (db: TDb, values: TAgencyValues) =>
  (await db.insertInto('insurance_agencies').values(agencyColumns(values)).returning('id').executeTakeFirstOrThrow()).id;

export const updateAgency = async (db: TDb, id: string, values: TAgencyValues) =>
  (await db.updateTable('insurance_agencies').set({ ...agencyColumns(values), updated_at: new Date() }).where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;

/** Another agency of the company with this code, for the Italian message. */
export const findAgencyCodeClash = (db: TDb, companyId: string, code: string, exceptId: string | null) => {
  let select = db.selectFrom('insurance_agencies').select('id').where('company_id', '=', companyId).where(sql`upper(code)`, '=', code.toUpperCase());
  if (exceptId) select = select.where('id', '<>', exceptId);
  return select.executeTakeFirst();
};
