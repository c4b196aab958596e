import { sql } from 'kysely';
import type { TClientInput } from '../../../shared/schemas/client-record';
import { getDisplayName } from '../../../shared/rules/display-name';
import type { TDb } from '../../db/database';
import { toClientValues } from './clients.records';

/** The import's statements on `clients` (module clients): many rows at once, duplicates of many keys in one query. */

/** The trigram index of the list's free search (migration 1820): slow to fill row by row through a small pending list. */
const SEARCH_GIN_INDEX = 'clients_search_trgm_idx';
/** From this many rows the import fills the trigram index in one batch (see withBatchedSearchIndex). */
const BATCH_INDEX_FROM = 200;

/** The columns an imported row fills (toClientValues), with their types in the JSON the rows travel in. */
const INSERT_COLUMNS = [
  ['type', 'text'], ['name', 'text'], ['surname', 'text'], ['business', 'text'], ['email', 'text'], ['phone', 'text'], ['phones', 'jsonb'],
  ['cf', 'text'], ['vat', 'text'], ['birth_date', 'date'], ['sex', 'text'], ['birthplace_code', 'text'], ['birthplace_label', 'text'],
  ['company_cf', 'text'], ['pec', 'text'], ['sdi_code', 'text'], ['legal_rep', 'jsonb'], ['street', 'text'], ['street_number', 'text'],
  ['cap', 'text'], ['comune_istat', 'text'], ['comune_name', 'text'], ['province_sigla', 'text'], ['notes', 'text'],
] as const;
const INSERT_NAMES = sql.raw(INSERT_COLUMNS.map(([name]) => name).join(', '));
const INSERT_SELECT = sql.raw(INSERT_COLUMNS.map(([name, type]) => (type === 'text' ? `r.${name}` : `r.${name}::${type}`)).join(', '));
const INSERT_RECORD = sql.raw(INSERT_COLUMNS.map(([name]) => `${name} text`).join(', '));

/**
 * Many clients in one statement: the rows as one JSON parameter read by jsonb_to_recordset (the same on PGlite and
 * PostgreSQL, and far cheaper than thousands of bound parameters).
 */
export const insertClients = async (db: TDb, cornerId: string, createdBy: string, inputs: readonly TClientInput[]) => {
  const rows = inputs.map((input) => {
    const values: Record<string, unknown> = toClientValues(input);
    return Object.fromEntries(INSERT_COLUMNS.map(([name]) => [name, values[name] ?? null]));
  });
  await sql`insert into clients (corner_id, created_by, ${INSERT_NAMES})
    select ${cornerId}::uuid, ${createdBy}::uuid, ${INSERT_SELECT} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${INSERT_RECORD})`.execute(db);
};

/**
 * Runs `write` (many inserts, in the caller's transaction) with the search's GIN index collecting its new entries in
 * a large pending list, then merges them in one pass and puts the index's own storage parameters back (migration
 * 1820's small pending list) before the commit: the change is part of the transaction, so others never see it.
 * About 2.5x faster for 5,000 rows on PGlite. Skipped when the index is not there.
 */
export const withBatchedSearchIndex = async (trx: TDb, rows: number, write: () => Promise<void>) => {
  const { rows: found } = await sql<{ options: string[] | null }>`select reloptions as options from pg_class where relname = ${SEARCH_GIN_INDEX}`.execute(trx);
  if (rows < BATCH_INDEX_FROM || !found[0]) return write();
  const index = sql.raw(SEARCH_GIN_INDEX);
  // Names and values written by Postgres itself (`name=value`), safe to put back as they are.
  const previous = (found[0].options ?? []).filter((option) => /^[a-z_]+=[a-z0-9]+$/i.test(option));
  await sql`alter index ${index} set (fastupdate = on, gin_pending_list_limit = 65536)`.execute(trx);
  await write();
  await sql`select gin_clean_pending_list(${SEARCH_GIN_INDEX}::regclass)`.execute(trx);
  await sql`alter index ${index} reset (fastupdate, gin_pending_list_limit)`.execute(trx);
  if (previous.length > 0) await sql`alter index ${index} set (${sql.raw(previous.join(', '))})`.execute(trx);
};

/** The clients of a book already holding any of these codici fiscali or partite IVA, by key (batched queries). */
export const findBookDuplicates = async (db: TDb, cornerId: string, inputs: readonly TClientInput[]) => {
  const found = new Map<string, { id: string; name: string }>();
  const cfs = [...new Set(inputs.flatMap((input) => (input.kind === 'persona' ? [input.cf] : [])))];
  const vats = [...new Set(inputs.flatMap((input) => (input.kind === 'azienda' ? [input.vat] : [])))];
  for (const [column, values] of [['cf', cfs], ['vat', vats]] as const) {
    if (values.length === 0) continue;
    // One query for any number of keys (checked codes: letters and digits only, so a comma list is safe); `<> ''` and
    // `deleted_at is null` match the partial unique indexes, which `= any(constant array)` then uses.
    const rows = await db
      .selectFrom('clients')
      .select(['id', 'type', 'name', 'surname', 'business', 'cf', 'vat'])
      .where('corner_id', '=', cornerId)
      .where('deleted_at', 'is', null)
      .where(column, '<>', '')
      .where(sql<boolean>`${sql.ref(column)} = any(string_to_array(${values.join(',')}, ','))`)
      .execute();
    for (const row of rows) found.set(`${column}:${row[column]}`, { id: row.id, name: getDisplayName(row) });
  }
  return found;
};
