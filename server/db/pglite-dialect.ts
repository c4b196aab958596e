import { parse as pgliteParse, protocol, type messages, type PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

const { serialize } = protocol;

/** How many statements stay prepared (the application has a few hundred distinct ones). */
const PREPARED_LIMIT = 500;

const concat = (parts: Uint8Array[]): Uint8Array => {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/** Rows changed, from the command tag ('INSERT 0 3', 'UPDATE 2', …). */
const affectedRowsOf = (tag: string): number => {
  const parts = tag.split(' ');
  if (parts[0] === 'INSERT') return Number(parts[2]);
  if (parts[0] === 'UPDATE' || parts[0] === 'DELETE' || parts[0] === 'MERGE' || parts[0] === 'COPY') return Number(parts[1]);
  return 0;
};

/**
 * The rows of one statement's answer, parsed as PGlite's parseResults does but without copying its parser table
 * on every call (which costs more than a small query).
 */
const readResult = <R>(answer: messages.BackendMessage[], parsers: PGlite['parsers']): QueryResult<R> => {
  let names: string[] = [];
  let typeIds: number[] = [];
  const rows: Record<string, unknown>[] = [];
  let affected = 0;
  for (const message of answer) {
    if (message.name === 'rowDescription') {
      const { fields } = message as messages.RowDescriptionMessage;
      names = fields.map((field) => field.name);
      typeIds = fields.map((field) => field.dataTypeID);
    } else if (message.name === 'dataRow') {
      const { fields } = message as messages.DataRowMessage;
      const row: Record<string, unknown> = {};
      for (let index = 0; index < fields.length; index++) {
        const raw = fields[index] as string | null;
        const parser = raw === null ? undefined : parsers[typeIds[index]!];
        row[names[index]!] = raw === null ? null : parser ? parser(raw, typeIds[index]!) : raw;
      }
      rows.push(row);
    } else if (message.name === 'commandComplete') {
      affected += affectedRowsOf((message as messages.CommandCompleteMessage).text);
    }
  }
  return affected > 0 ? { rows: rows as R[], numAffectedRows: BigInt(affected) } : { rows: rows as R[] };
};

/**
 * A statement PostgreSQL keeps parsed (and planned, after a few runs) under `name`, with its parameter types; or,
 * with no name, one parsed and planned anew each time, with the parameter types learnt the first time.
 */
type TPrepared = { name: string | null; types: number[] };

/** PostgreSQL errors after which a kept statement is parsed again: its plan changed shape, or it is gone. */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

/**
 * An ON CONFLICT whose arbiter index is partial (`on conflict (…) where …`) must be planned with its values: a
 * generic plan cannot prove that `type = $2` matches the index predicate `type = 'staff'`, and fails with 42P10.
 */
const needsItsValues = (text: string) => /\bon conflict\s*\([^)]*\)\s*where\b/i.test(text);

/**
 * One Kysely connection to the embedded database. A query is ONE call into PGlite, whose own `query()` makes six
 * calls into WebAssembly per statement (parse, describe, bind, describe, execute, sync) and copies its parser
 * table for every answer, which together cost more than most of our statements themselves.
 *
 * A statement with parameters is prepared once under a name (PostgreSQL then skips parsing it, and planning it
 * once its generic plan is known to be good) and run as Bind, Describe, Execute and Sync in one call; the
 * least recently used of PREPARED_LIMIT (500) statements is closed when a new one needs room. A statement without
 * parameters (DDL, `begin`, `commit`), or one that needs its values to be planned (see needsItsValues), runs
 * unnamed. Values are serialised by PGlite's own serialisers for the parameter types PostgreSQL reported, and
 * results parsed by its own parsers, so a query answers exactly what `PGlite.query()` would.
 *
 * PGlite stays on the server's thread: in a worker thread (tried, see bench/README.md, "Chat") the hand-over
 * between threads and their contention on two cores cost more than the queries it took off the event loop.
 */
class PGliteConnection implements DatabaseConnection {
  private readonly prepared = new Map<string, TPrepared>();
  private readonly toClose: string[] = [];
  private nextId = 1;

  constructor(
    private readonly pglite: PGlite,
    private readonly preparedLimit: number,
  ) {}

  private run(parts: Uint8Array[]) {
    if (this.toClose.length > 0) parts.unshift(...this.toClose.splice(0).map((name) => serialize.close({ type: 'S', name })));
    return this.pglite.execProtocol(concat(parts), { syncToFs: false });
  }

  private async prepare(text: string): Promise<TPrepared> {
    const known = this.prepared.get(text);
    if (known) {
      // Most recently used last: the first entry is the one to close when room is needed.
      this.prepared.delete(text);
      this.prepared.set(text, known);
      return known;
    }
    const name = needsItsValues(text) ? null : `k${this.nextId++}`;
    const { messages } = await this.run([serialize.parse({ name: name ?? '', text }), serialize.describe({ type: 'S', name: name ?? '' }), serialize.sync()]);
    const statement = { name, types: pgliteParse.parseDescribeStatementResults(messages) };
    this.prepared.set(text, statement);
    if (this.prepared.size > this.preparedLimit) {
      const [oldestText, oldest] = this.prepared.entries().next().value!;
      this.prepared.delete(oldestText);
      if (oldest.name) this.toClose.push(oldest.name);
    }
    return statement;
  }

  private forget(text: string) {
    const statement = this.prepared.get(text);
    if (!statement) return;
    this.prepared.delete(text);
    if (statement.name) this.toClose.push(statement.name);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const text = compiledQuery.sql;
    const parameters = compiledQuery.parameters;
    if (parameters.length === 0) {
      const { messages } = await this.run([serialize.parse({ text }), serialize.bind({}), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
      return readResult<R>(messages, this.pglite.parsers);
    }
    for (let attempt = 1; ; attempt++) {
      const statement = await this.prepare(text);
      const values = parameters.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = this.pglite.serializers[statement.types[index]!];
        return serializer ? serializer(value) : String(value);
      });
      try {
        const head = statement.name ? [serialize.bind({ statement: statement.name, values })] : [serialize.parse({ text, types: statement.types }), serialize.bind({ values })];
        const { messages } = await this.run([...head, serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
        return readResult<R>(messages, this.pglite.parsers);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (!statement.name || !code || !STALE_STATEMENT_CODES.has(code)) throw error;
        // A schema change altered what the kept statement answers: parse it again, and run it again when no
        // transaction was open (inside one, the failure has already aborted it).
        this.forget(text);
        if (attempt > 1 || this.pglite.isInTransaction()) throw error;
      }
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let index = 0; index < rows.length; index += chunkSize) yield { rows: rows.slice(index, index + chunkSize) };
  }
}

/**
 * One connection at a time: PGlite is a single PostgreSQL backend, so a transaction holds it until it ends and
 * every other query waits its turn, in order.
 */
class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private busy = false;
  private readonly waiting: ((connection: PGliteConnection) => void)[] = [];

  constructor(
    private readonly pglite: PGlite,
    preparedLimit: number,
    private readonly closeOnDestroy: boolean,
  ) {
    this.connection = new PGliteConnection(pglite, preparedLimit);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.busy) {
      this.busy = true;
      return this.connection;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next(this.connection);
    else this.busy = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    if (this.closeOnDestroy && !this.pglite.closed) await this.pglite.close();
  }
}

/** Kysely on an embedded PGlite (see PGliteConnection). */
export class FastPGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    /** `closeOnDestroy: false` leaves the PGlite open when Kysely is destroyed (the tests' pool reuses it). */
    private readonly options: { preparedLimit?: number; closeOnDestroy?: boolean } = {},
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.options.preparedLimit ?? PREPARED_LIMIT, this.options.closeOnDestroy ?? true);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
