import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/database';

/**
 * The embedded test databases of one test worker, kept and reused from file to file instead of booted again: a
 * PGlite loaded from the run's migrated template costs two to three seconds of CPU, and a file used to pay it each
 * time. A database given back is brought back to exactly the template and checked before anyone gets it again:
 *
 * - its session is reset (`discard all`: prepared statements, temporary tables, advisory locks, settings, listeners);
 * - its schema must be the template's (tables, columns, indexes, constraints, functions, triggers, types, roles,
 *   extensions...): a file that changed it (a migration test) gets its database closed, never reused;
 * - every table that holds rows the template does not is emptied, the tables the template fills (reference data,
 *   migrations' rows) get exactly their template rows back, and every sequence its template value;
 * - then the state of every table and sequence is read again and must equal the template's, or the database is
 *   closed rather than reused.
 *
 * Isolation between files stays what it was: a file never sees another file's rows (server/testing/isolation/
 * proves it in one worker, where this pool is at work).
 */

type TBaseline = {
  /** Every table, quoted (`"public"."users"`). */
  tables: string[];
  /** The tables the template fills: their rows as JSON, and the columns an insert may name. */
  seeds: Map<string, { columns: string; json: string }>;
  sequences: { name: string; value: string; called: boolean }[];
  signature: string;
  /** One value per table (a content hash for seeded tables, whether it has rows for the others), then per sequence. */
  state: string[];
  stateQuery: string;
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const USER_SCHEMAS = `not in ('pg_catalog', 'information_schema', 'pg_toast')`;

/** Everything a test could change in the schema, as one hash. */
const SIGNATURE_QUERY = `select md5(string_agg(item, ',' order by item)) as signature from (
  select 'c:' || table_schema || '.' || table_name || '.' || column_name || ':' || data_type || ':' || coalesce(column_default, '') || ':' || is_nullable as item
    from information_schema.columns where table_schema ${USER_SCHEMAS}
  union all select 'i:' || schemaname || '.' || indexname || ':' || indexdef from pg_indexes where schemaname ${USER_SCHEMAS}
  union all select 'f:' || n.nspname || '.' || p.proname || ':' || md5(coalesce(p.prosrc, '')) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${USER_SCHEMAS}
  union all select 't:' || tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
  union all select 'k:' || conrelid::regclass::text || '.' || conname || ':' || pg_get_constraintdef(oid) from pg_constraint where connamespace::regnamespace::text ${USER_SCHEMAS}
  union all select 'n:' || nspname from pg_namespace
  union all select 'r:' || rolname from pg_roles
  union all select 'e:' || extname || ':' || extversion from pg_extension
  union all select 'y:' || n.nspname || '.' || typname from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname ${USER_SCHEMAS}
  union all select 'v:' || schemaname || '.' || viewname || ':' || md5(definition) from pg_views where schemaname ${USER_SCHEMAS}
  union all select 'q:' || schemaname || '.' || sequencename from pg_sequences
  union all select 'p:' || schemaname || '.' || tablename || '.' || policyname from pg_policies
) as objects`;

/** PGlite or one of its transactions. */
type TQueryable = Pick<Transaction, 'query'>;

const rowsOf = async <T>(pglite: TQueryable, query: string, parameters: unknown[] = []): Promise<T[]> => (await pglite.query<T>(query, parameters)).rows;

const readState = async (pglite: TQueryable, query: string): Promise<string[]> => {
  const { rows } = await pglite.query<unknown[]>(query, [], { rowMode: 'array' });
  return (rows[0] ?? []).map((value) => String(value));
};

/** What a pristine copy of the template holds, read once per worker. */
const readBaseline = async (pglite: PGlite): Promise<TBaseline> => {
  const tables = (await rowsOf<{ schema: string; name: string }>(pglite, `select schemaname as schema, tablename as name from pg_tables where schemaname ${USER_SCHEMAS} order by 1, 2`)).map(
    (table) => ({ ...table, quoted: `${quote(table.schema)}.${quote(table.name)}` }),
  );
  const seeds = new Map<string, { columns: string; json: string }>();
  for (const table of tables) {
    const [{ json } = { json: null }] = await rowsOf<{ json: string | null }>(pglite, `select json_agg(t)::text as json from ${table.quoted} as t`);
    if (json === null) continue;
    const columns = await rowsOf<{ name: string }>(
      pglite,
      `select column_name as name from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
      [table.schema, table.name],
    );
    seeds.set(table.quoted, { columns: columns.map((column) => quote(column.name)).join(', '), json });
  }
  const sequences = (
    await rowsOf<{ schema: string; name: string; last: string | null; start: string }>(
      pglite,
      `select schemaname as schema, sequencename as name, last_value::text as last, start_value::text as start from pg_sequences order by 1, 2`,
    )
  ).map((sequence) => ({ name: `${quote(sequence.schema)}.${quote(sequence.name)}`, value: sequence.last ?? sequence.start, called: sequence.last !== null }));
  const stateQuery = `select ${[
    ...tables.map((table) => (seeds.has(table.quoted) ? `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table.quoted} as t)` : `exists (select from ${table.quoted})::text`)),
    ...sequences.map((sequence) => `(select last_value::text || ':' || is_called::text from ${sequence.name})`),
  ].join(', ')}`;
  const [{ signature }] = (await rowsOf<{ signature: string }>(pglite, SIGNATURE_QUERY)) as [{ signature: string }];
  return { tables: tables.map((table) => table.quoted), seeds, sequences, signature, state: await readState(pglite, stateQuery), stateQuery };
};

/** Brings `pglite` back to the template, or throws when it cannot be trusted to be (then it is closed, not reused). */
const resetToBaseline = async (pglite: PGlite, baseline: TBaseline): Promise<void> => {
  if (pglite.isInTransaction()) await pglite.exec('rollback');
  await pglite.exec('discard all');
  const [{ signature }] = (await rowsOf<{ signature: string }>(pglite, SIGNATURE_QUERY)) as [{ signature: string }];
  if (signature !== baseline.signature) throw new Error('the schema was changed');
  const state = await readState(pglite, baseline.stateQuery);
  const changed = baseline.tables.filter((_, index) => state[index] !== baseline.state[index]);
  const sequencesChanged = baseline.sequences.some((_, index) => state[baseline.tables.length + index] !== baseline.state[baseline.tables.length + index]);
  if (changed.length === 0 && !sequencesChanged) return;
  await pglite.transaction(async (tx) => {
    // The append-only tables refuse truncation through triggers; `replica` turns them off for this transaction.
    await tx.exec('set local session_replication_role = replica');
    // One table a statement: one statement naming them all trips over the dashboard's triggers.
    for (const table of changed) await tx.exec(`truncate table ${table} restart identity cascade`);
    // A cascade may have emptied a seeded table that was not changed: every seeded table is checked again.
    const after = await readState(tx, baseline.stateQuery);
    for (const [index, table] of baseline.tables.entries()) {
      const seed = baseline.seeds.get(table);
      if (!seed || after[index] === baseline.state[index]) continue;
      if (!changed.includes(table)) await tx.exec(`truncate table ${table} restart identity cascade`);
      await tx.query(`insert into ${table} (${seed.columns}) overriding system value select ${seed.columns} from json_populate_recordset(null::${table}, $1::json)`, [seed.json]);
    }
    for (const sequence of baseline.sequences) await tx.query('select setval($1::regclass, $2::bigint, $3)', [sequence.name, sequence.value, sequence.called]);
  });
  const final = await readState(pglite, baseline.stateQuery);
  const different = final.findIndex((value, index) => value !== baseline.state[index]);
  if (different !== -1) throw new Error(`not back to the template (${baseline.tables[different] ?? 'a sequence'})`);
};

const idle: PGlite[] = [];
let baseline: TBaseline | undefined;

/**
 * An embedded database holding the run's template (`template`, the dumped data directory), for one user at a time;
 * `release` gives it back to the worker's pool once it is brought back to the template, or closes it.
 */
export const takePooledPGlite = async (template: () => Promise<Blob>): Promise<{ pglite: PGlite; release: () => Promise<void> }> => {
  let pglite = idle.pop();
  if (!pglite) {
    pglite = await PGlite.create({ loadDataDir: await template(), extensions: PGLITE_EXTENSIONS });
    baseline ??= await readBaseline(pglite);
  }
  const taken = pglite;
  let released = false;
  return {
    pglite: taken,
    release: async () => {
      if (released || taken.closed) return;
      released = true;
      try {
        await resetToBaseline(taken, baseline!);
        idle.push(taken);
      } catch (error) {
        // A changed schema (a migration test) is expected; anything else is worth a line in the output.
        if (!/schema was changed/.test(String(error))) console.warn(`pglite-pool: a test database is closed instead of reused: ${String(error)}`);
        await taken.close().catch(() => undefined);
      }
    },
  };
};
