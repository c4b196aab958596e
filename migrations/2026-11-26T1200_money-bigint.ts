import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 26 point 2: every money column is bigint, as the schemas' limits allow amounts above 2^31-1 cents
// (21.474.836,47 €). `payments.amount_cents` and `giftcards.amount_cents` were still `integer`: a premium of
// 100.000.000 € asked for issue failed with a 500. The quotations' amounts, practices.commission_cents and the
// ledger's amounts are bigint already. Drivers return bigint as text: readers convert with Number().

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`alter table payments alter column amount_cents type bigint`.execute(db);
  await sql`alter table giftcards alter column amount_cents type bigint`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`alter table payments alter column amount_cents type integer`.execute(db);
  await sql`alter table giftcards alter column amount_cents type integer`.execute(db);
};
