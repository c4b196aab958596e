import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 15, quotations: the admin-kept insurance companies (with their IVASS code) and agencies, preloaded with the
// main insurers authorised to write motor liability (RC Auto) in Italy, and the quotations brokers add to practices.

/**
 * The companies preloaded on a fresh install: [name, number in the IVASS register].
 *
 * Source: the register IVASS keeps of the insurers authorised in Italy, "Albo delle imprese di assicurazione e
 * riassicurazione", Sezione I (Italian companies, numbers `1.000nn`), and the "Elenco I" of EU insurers working
 * in Italy through a branch (stabilimento) or freely (LPS), https://www.ivass.it/imprese_jsp/HomePage.jsp; the
 * numbers as the companies print them in their legal notices (footers, DIP aggiuntivo RC Auto). List compiled on
 * 2026-11-23 without on-line access to the register, so every number must be checked there: where the number
 * was not certain it is left empty (the admin fills it on /admin/gestione-compagnie). Groups' brands that are not
 * insurers of their own (e.g. agencies selling another company's policies) are not listed.
 */
const COMPANIES: readonly (readonly [string, string])[] = [
  ['Generali Italia S.p.A.', '1.00183'],
  ['Allianz S.p.A.', '1.00152'],
  ['Unipol Assicurazioni S.p.A.', '1.00006'],
  ['AXA Assicurazioni S.p.A.', '1.00025'],
  ['Società Cattolica di Assicurazione S.p.A.', '1.00012'],
  ['Vittoria Assicurazioni S.p.A.', '1.00014'],
  ['Società Reale Mutua di Assicurazioni', ''],
  ['Italiana Assicurazioni S.p.A.', ''],
  ['Sara Assicurazioni S.p.A.', ''],
  ['HDI Assicurazioni S.p.A.', ''],
  ['Groupama Assicurazioni S.p.A.', ''],
  ['Helvetia Italia Assicurazioni S.p.A.', ''],
  ['ITAS Mutua', ''],
  ['Zurich Insurance Europe AG - Rappresentanza Generale per l’Italia', ''],
  ['Genertel S.p.A.', ''],
  ['Linear Assicurazioni S.p.A.', ''],
  ['Verti Assicurazioni S.p.A.', ''],
  ['Allianz Direct Versicherungs-AG - Rappresentanza per l’Italia', ''],
  ['Admiral Europe Compañía de Seguros S.A. (ConTe.it)', ''],
  ['Great Lakes Insurance SE - Rappresentanza per l’Italia', ''],
  ['TUA Assicurazioni S.p.A.', ''],
  ['Nobis Compagnia di Assicurazioni S.p.A.', ''],
  ['Bene Assicurazioni S.p.A.', ''],
  ['Elba Assicurazioni S.p.A.', ''],
  ['Assimoco S.p.A.', ''],
  ['Intesa Sanpaolo Protezione S.p.A.', ''],
  ['Net Insurance S.p.A.', ''],
  ['Revo Insurance S.p.A.', ''],
];

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('insurance_companies')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('ivass_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index insurance_companies_name_key on insurance_companies (lower(name))`.execute(db);
  await sql`create unique index insurance_companies_ivass_code_key on insurance_companies (upper(ivass_code)) where ivass_code <> ''`.execute(db);
  await db
    .insertInto('insurance_companies')
    .values(COMPANIES.map(([name, ivassCode]) => ({ name, ivass_code: ivassCode })))
    .execute();

  await db.schema
    .createTable('insurance_agencies')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('insurance_companies.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index insurance_agencies_company_code_key on insurance_agencies (company_id, upper(code)) where code <> ''`.execute(db);

  // A practice's quotations: the company and agency as quoted (names kept even if the lists change later), money in
  // integer cents, the PDF a file of the files module (subject 'practice-quotation', id = the quotation's id).
  await db.schema
    .createTable('practice_quotations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('practice_id', 'uuid', (col) => col.notNull().references('practices.id'))
    .addColumn('company_id', 'uuid', (col) => col.references('insurance_companies.id'))
    .addColumn('company_name', 'text', (col) => col.notNull())
    .addColumn('ivass_code', 'text')
    .addColumn('agency_id', 'uuid', (col) => col.references('insurance_agencies.id'))
    .addColumn('agency_name', 'text')
    .addColumn('premium_cents', 'bigint', (col) => col.notNull())
    .addColumn('instalments', 'integer', (col) => col.notNull())
    .addColumn('person_injury_cents', 'bigint', (col) => col.notNull())
    .addColumn('property_damage_cents', 'bigint', (col) => col.notNull())
    .addColumn('covers', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('conditions', 'text', (col) => col.notNull().defaultTo(''))
    // ISO date text (YYYY-MM-DD): compared as text, no time zone.
    .addColumn('valid_until', 'text', (col) => col.notNull())
    .addColumn('chosen', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('file_path', 'text')
    .addColumn('created_by', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('practice_quotations_practice_idx').on('practice_quotations').columns(['practice_id', 'created_at']).execute();
  // Exactly one chosen quotation per practice at most.
  await sql`create unique index practice_quotations_one_chosen_key on practice_quotations (practice_id) where chosen`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('practice_quotations').execute();
  await db.schema.dropTable('insurance_agencies').execute();
  await db.schema.dropTable('insurance_companies').execute();
};
