import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql, type Generated } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FastPGliteDialect } from './pglite-dialect';

// The embedded database's Kysely driver, on an in-memory PGlite of its own, whatever TEST_DATABASE_URL says.
type TTables = {
  items: { id: Generated<number>; kind: string; label: string; data: unknown; at: Date | null; tags: string[] | null; flag: boolean | null; big: string | bigint | null };
};

let pglite: PGlite;
let db: Kysely<TTables>;

const preparedNames = async () => (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db)).rows.map((row) => row.name);

beforeAll(async () => {
  // One database for the file, at most five statements prepared.
  pglite = await PGlite.create();
  db = new Kysely<TTables>({ dialect: new FastPGliteDialect(pglite, { preparedLimit: 5 }) });
});

beforeEach(async () => {
  await sql`drop table if exists items`.execute(db);
  await sql`create table items (id serial primary key, kind text not null, label text not null, data jsonb, at timestamptz, tags text[], flag boolean, big bigint)`.execute(db);
  await sql`create unique index items_label_uq on items (label) where kind = 'unique'`.execute(db);
});

afterAll(async () => {
  await db.destroy();
});

describe('embedded database driver', () => {
  it('sends values of every kind and reads them back as PGlite.query() would', async () => {
    const at = new Date('2026-11-22T10:11:12.345Z');
    const values = { kind: 'a', label: 'l’apostrofo', data: JSON.stringify({ nested: { n: 1, list: [1, 'due'] } }), at, tags: ['uno', 'due'], flag: true, big: '9007199254740993' };
    const inserted = await db.insertInto('items').values(values).returningAll().executeTakeFirstOrThrow();
    const direct = (await pglite.query('select * from items where id = $1', [inserted.id])).rows[0];
    expect(inserted).toEqual(direct);
    expect(inserted).toMatchObject({ kind: 'a', label: 'l’apostrofo', data: { nested: { n: 1, list: [1, 'due'] } }, tags: ['uno', 'due'], flag: true });
    expect((inserted.at as Date).toISOString()).toBe(at.toISOString());
    expect(String(inserted.big)).toBe('9007199254740993');
    const empty = await db.insertInto('items').values({ kind: 'b', label: 'x', data: null, at: null, tags: null, flag: null, big: null }).returningAll().executeTakeFirstOrThrow();
    expect(empty).toMatchObject({ data: null, at: null, tags: null, flag: null, big: null });
  });

  it('reports affected rows and answers statements without rows', async () => {
    await db.insertInto('items').values([1, 2, 3].map((n) => ({ kind: 'a', label: `n${n}` }))).execute();
    const updated = await db.updateTable('items').set({ flag: false }).where('kind', '=', 'a').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(3n);
    const deleted = await db.deleteFrom('items').where('label', '=', 'n1').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(1n);
    expect(await db.selectFrom('items').selectAll().where('label', '=', 'none').execute()).toEqual([]);
  });

  it('keeps statements prepared, within the limit, closing the least recently used', async () => {
    const before = await preparedNames();
    for (let n = 0; n < 8; n++) await db.selectFrom('items').select('id').where('label', '=', 'x').limit(n + 1).execute();
    // limit(n) is a parameter: one statement text, prepared once.
    expect((await preparedNames()).filter((name) => !before.includes(name))).toHaveLength(1);
    for (let n = 0; n < 8; n++) await db.selectFrom('items').select('id').where('label', 'in', Array.from({ length: n + 1 }, (_, i) => `l${i}`)).execute();
    // Eight more texts (one per list length): at most five stay prepared (closed with the next call).
    await db.selectFrom('items').select('id').where('id', '=', 1).execute();
    expect((await preparedNames()).length).toBeLessThanOrEqual(6);
  });

  it('plans an ON CONFLICT on a partial index with its values, every time (a generic plan would fail)', async () => {
    // PostgreSQL switches a prepared statement to its generic plan after five runs: run it more than that.
    for (let n = 0; n < 12; n++) {
      await db
        .insertInto('items')
        .values({ kind: 'unique', label: 'solo' })
        .onConflict((oc) => oc.column('label').where('kind', '=', 'unique').doNothing())
        .execute();
    }
    expect(await db.selectFrom('items').select('label').where('kind', '=', 'unique').execute()).toEqual([{ label: 'solo' }]);
  });

  it('parses a prepared statement again after a schema change altered its result', async () => {
    const read = () => sql<Record<string, unknown>>`select * from items where label = ${'s'}`.execute(db);
    await db.insertInto('items').values({ kind: 'a', label: 's' }).execute();
    for (let n = 0; n < 7; n++) await read();
    await sql`alter table items add column extra text default 'nuovo'`.execute(db);
    const { rows } = await read();
    expect(rows[0]).toMatchObject({ label: 's', extra: 'nuovo' });
  });

  it('rolls a failed transaction back, and the connection goes on working', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ kind: 'a', label: 'in-trx' }).execute();
        await sql`select * from missing_table where id = ${1}`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '42P01' });
    expect(await db.selectFrom('items').select('id').where('label', '=', 'in-trx').execute()).toEqual([]);
    // No transaction left open: a savepoint is refused.
    await expect(sql`savepoint probe`.execute(db)).rejects.toMatchObject({ code: '25P01' });
    await db.insertInto('items').values({ kind: 'a', label: 'after' }).execute();
    expect(await db.selectFrom('items').select('label').execute()).toEqual([{ label: 'after' }]);
  });

  it('answers a constraint violation with its code and keeps the statement usable', async () => {
    await db.insertInto('items').values({ id: 1, kind: 'a', label: 'one' }).execute();
    await expect(db.insertInto('items').values({ id: 1, kind: 'a', label: 'again' }).execute()).rejects.toMatchObject({ code: '23505' });
    await db.insertInto('items').values({ id: 2, kind: 'a', label: 'two' }).execute();
    expect(await db.selectFrom('items').select('id').orderBy('id').execute()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('runs concurrent queries one at a time, a transaction holding the connection to its end', async () => {
    const order: string[] = [];
    const trx = db.transaction().execute(async (t) => {
      await t.insertInto('items').values({ kind: 'a', label: 't1' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 30));
      await t.insertInto('items').values({ kind: 'a', label: 't2' }).execute();
      order.push('transaction');
    });
    const outside = db
      .selectFrom('items')
      .select('label')
      .orderBy('id')
      .execute()
      .then((rows) => {
        order.push('outside');
        return rows;
      });
    const [, seen] = await Promise.all([trx, outside]);
    expect(order).toEqual(['transaction', 'outside']);
    expect(seen).toEqual([{ label: 't1' }, { label: 't2' }]);
  });

  it('answers a clear error once the database is closed', async () => {
    const other = await PGlite.create();
    const otherDb = new Kysely<TTables>({ dialect: new FastPGliteDialect(other) });
    expect((await sql<{ n: number }>`select ${2}::int * 3 as n`.execute(otherDb)).rows).toEqual([{ n: 6 }]);
    await otherDb.destroy();
    expect(other.closed).toBe(true);
    await expect(sql`select 1`.execute(otherDb)).rejects.toThrow();
  });
});
