import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { TDb } from '../../db/database';
import type { Database, NullableTimestamp, Timestamp } from '../../db/types';

/**
 * The SQL of a table of one-time signing codes (`contract_otps` of module contract, `precontract_otps` of module
 * practices). Holds no table of its own: each owner's repository makes its store with its table and the column of
 * who the codes are for (`createOtpStore('contract_otps', 'user_id')`), so the statements stay in the owner's layer.
 */
type TOtpColumns = {
  id: string;
  owner: string;
  code_hash: string;
  destination: string;
  document_file_id: string;
  document_sha256: string;
  attempts: number;
  max_attempts: number;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  invalidated_at: NullableTimestamp;
};
/** The one shape the statements are typed against: the real table and owner column are given at run time. */
type TOtpDb = Kysely<{ otp: TOtpColumns }>;

export type TOtpTableName = { [K in keyof Database]: Database[K] extends { code_hash: string; attempts: unknown; max_attempts: number } ? K : never }[keyof Database];

/** A code as every table stores it (what the signing flow of ./otp-signing.ts reads). */
export type TOtpRow = Selectable<Omit<TOtpColumns, 'owner'>>;
/** The columns every table is given for a new code (the owner's column is named by the store). */
export type TNewOtp = Pick<TOtpRow, 'id' | 'code_hash' | 'destination' | 'document_file_id' | 'document_sha256' | 'max_attempts' | 'ip'> & { created_at: Date; expires_at: Date };

/** The statements on one table of codes; `TExtra` holds the columns only that table has (the contract's `channel`). */
export type TOtpStore<TRow extends TOtpRow, TExtra> = {
  findLatest: (db: TDb, ownerId: string) => Promise<TRow | undefined>;
  lockActive: (trx: TDb, ownerId: string) => Promise<TRow | undefined>;
  countSince: (db: TDb, ownerId: string, since: Date) => Promise<number>;
  invalidate: (trx: TDb, ownerId: string) => Promise<void>;
  insert: (trx: TDb, ownerId: string, otp: TNewOtp & TExtra) => Promise<TRow>;
  remove: (db: TDb, id: string) => Promise<void>;
  addFailedAttempt: (trx: TDb, id: string) => Promise<{ attempts: number; max_attempts: number }>;
  markUsed: (trx: TDb, id: string) => Promise<void>;
  release: (trx: TDb, id: string) => Promise<void>;
};

type TExtraColumns<TTable extends TOtpTableName, TOwner extends string> = Omit<Insertable<Database[TTable]>, keyof TNewOtp | TOwner | 'attempts' | 'used_at' | 'invalidated_at'>;

export const createOtpStore = <TTable extends TOtpTableName, TOwner extends keyof Database[TTable] & string>(
  table: TTable,
  owner: TOwner,
): TOtpStore<Selectable<Database[TTable]> & TOtpRow, TExtraColumns<TTable, TOwner>> => {
  type TRow = Selectable<Database[TTable]> & TOtpRow;
  const of = (db: TDb) => db as unknown as TOtpDb;
  const from = table as unknown as 'otp';
  const by = owner as unknown as 'owner';

  return {
    /** The newest code of the owner (whatever its state): its time says when the next may be sent. */
    findLatest: async (db: TDb, ownerId: string): Promise<TRow | undefined> =>
      (await of(db).selectFrom(from).selectAll().where(by, '=', ownerId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()) as TRow | undefined,

    /** The code that can still sign (not used, not replaced), locked until the transaction ends. */
    lockActive: async (trx: TDb, ownerId: string): Promise<TRow | undefined> =>
      (await of(trx)
        .selectFrom(from)
        .selectAll()
        .where(by, '=', ownerId)
        .where('used_at', 'is', null)
        .where('invalidated_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst()) as TRow | undefined,

    countSince: async (db: TDb, ownerId: string, since: Date) => {
      const row = await of(db)
        .selectFrom(from)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where(by, '=', ownerId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    invalidate: async (trx: TDb, ownerId: string) => {
      await of(trx).updateTable(from).set({ invalidated_at: sql<Date>`now()` }).where(by, '=', ownerId).where('used_at', 'is', null).where('invalidated_at', 'is', null).execute();
    },

    insert: async (trx, ownerId, otp) =>
      (await of(trx)
        .insertInto(from)
        .values({ ...otp, [by]: ownerId } as unknown as Insertable<TOtpColumns>)
        .returningAll()
        .executeTakeFirstOrThrow()) as TRow,

    remove: async (db: TDb, id: string) => {
      await of(db).deleteFrom(from).where('id', '=', id).execute();
    },

    /** One more wrong attempt; answers the count after it. */
    addFailedAttempt: (trx: TDb, id: string) =>
      of(trx)
        .updateTable(from)
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .returning(['attempts', 'max_attempts'])
        .executeTakeFirstOrThrow(),

    markUsed: async (trx: TDb, id: string) => {
      await of(trx).updateTable(from).set({ used_at: sql<Date>`now()` }).where('id', '=', id).execute();
    },

    /** Gives back a code spent by a signature that then failed (it signs again, with the attempts it had). */
    release: async (trx: TDb, id: string) => {
      await of(trx).updateTable(from).set({ used_at: null }).where('id', '=', id).execute();
    },
  };
};
