import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { escapeLike } from '../../db/like';
import type { TAdminComuniQuery } from '../../../shared/schemas/geo';

/** Owns: `regions`, `provinces`, `comuni`, `countries` (module geo; map in server/platform/table-ownership.unit.test.ts). */

/** A name lower-cased without accents, as `comuni.search_name` holds it ("Forlì" → "forli"). */
export const toSearchName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const comuneColumns = [
  'c.istat_code',
  'c.name',
  'c.province_sigla',
  'p.name as province_name',
  'c.cadastral_code',
  'c.caps',
  'c.active',
  'c.merged_into',
  'c.population',
  'c.updated_at',
] as const;

const comuniWithProvince = (db: TDb) => db.selectFrom('comuni as c').innerJoin('provinces as p', 'p.sigla', 'c.province_sigla');
export type TComuneRow = NonNullable<Awaited<ReturnType<typeof findComune>>>;

/** Active comuni whose name starts with or contains `q` (accents ignored): prefix matches first, then by name. */
export const searchComuni = (db: TDb, q: string, limit: number, province?: string) => {
  const needle = escapeLike(toSearchName(q));
  return comuniWithProvince(db)
    .select(comuneColumns)
    .where('c.active', '=', true)
    .where('c.search_name', 'like', `%${needle}%`)
    .$if(province !== undefined, (query) => query.where('c.province_sigla', '=', province!))
    .orderBy(sql`case when c.search_name like ${`${needle}%`} then 0 else 1 end`)
    .orderBy('c.search_name')
    .orderBy('c.province_sigla')
    .limit(limit)
    .execute();
};

export const findComune = (db: TDb, istat: string) => comuniWithProvince(db).select(comuneColumns).where('c.istat_code', '=', istat).executeTakeFirst();

export const findComuneByCadastral = (db: TDb, code: string) => comuniWithProvince(db).select(comuneColumns).where('c.cadastral_code', '=', code).executeTakeFirst();

export const findCountry = (db: TDb, code: string) => db.selectFrom('countries').select(['code', 'name']).where('code', '=', code).executeTakeFirst();

export const listProvinces = (db: TDb) => db.selectFrom('provinces').select(['code', 'sigla', 'name', 'region_code']).orderBy('name').execute();

export const listRegions = (db: TDb) => db.selectFrom('regions').select(['code', 'name']).orderBy('name').execute();

const SORTS = {
  name: [['c.search_name', 'asc']],
  '-name': [['c.search_name', 'desc']],
  province: [['c.province_sigla', 'asc'], ['c.search_name', 'asc']],
  istat: [['c.istat_code', 'asc']],
  '-istat': [['c.istat_code', 'desc']],
} as const satisfies Record<TAdminComuniQuery['sort'], readonly (readonly [string, 'asc' | 'desc'])[]>;

/** Every comune (inactive and merged too) for the admin page: search by name, ISTAT or codice catastale; one page and the total. */
export const listComuni = async (db: TDb, query: TAdminComuniQuery) => {
  const q = query.q?.trim();
  const filtered = comuniWithProvince(db)
    .$if(Boolean(q), (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('c.search_name', 'like', `%${escapeLike(toSearchName(q!))}%`),
          eb('c.istat_code', '=', q!),
          eb('c.cadastral_code', '=', q!.toUpperCase()),
        ]),
      ),
    )
    .$if(query.province !== undefined, (qb) => qb.where('c.province_sigla', '=', query.province!));
  const { total } = await filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  let page = filtered.select(comuneColumns);
  for (const [column, direction] of SORTS[query.sort]) page = page.orderBy(column, direction);
  const rows = await page
    .orderBy('c.istat_code')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { rows, total: Number(total) };
};

/** Changes the given fields of one comune and its `updated_at`; the row after the change, or undefined. */
export const updateComune = (
  db: TDb,
  istat: string,
  change: { name?: string; caps?: string[]; active?: boolean; mergedInto?: string | null },
) =>
  db
    .updateTable('comuni')
    .set({
      ...(change.name !== undefined ? { name: change.name, search_name: toSearchName(change.name) } : {}),
      // An array literal built by the database itself: PGlite and node-postgres pass arrays differently.
      ...(change.caps !== undefined ? { caps: sql<string[]>`string_to_array(${change.caps.join(' ')}, ' ')` } : {}),
      ...(change.active !== undefined ? { active: change.active } : {}),
      ...(change.mergedInto !== undefined ? { merged_into: change.mergedInto } : {}),
      updated_at: new Date(),
    })
    .where('istat_code', '=', istat)
    .executeTakeFirst();

/** Comuni (inactive and merged too) whose search name is one of `names`: the batched lookup of the clients' import. */
export const findComuniBySearchNames = (db: TDb, names: readonly string[]) =>
  comuniWithProvince(db).select(comuneColumns).where('c.search_name', 'in', [...names]).execute();

/** Comuni whose codice catastale is one of `codes` (batched). */
export const findComuniByCadastralCodes = (db: TDb, codes: readonly string[]) =>
  comuniWithProvince(db).select(comuneColumns).where('c.cadastral_code', 'in', [...codes]).execute();

/** The comuni of these ISTAT codes (any state), one query. */
export const findComuniByIstat = (db: TDb, codes: readonly string[]) =>
  codes.length === 0 ? Promise.resolve([]) : comuniWithProvince(db).select(comuneColumns).where('c.istat_code', 'in', [...codes]).execute();

/** Every foreign country (a few hundred rows). */
export const listCountries = (db: TDb) => db.selectFrom('countries').select(['code', 'name']).execute();
