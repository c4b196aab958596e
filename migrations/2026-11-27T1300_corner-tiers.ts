import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 28: a corner's tier decides which sectors it may open (spec section 1): bronze the utilities, silver the
// insurance sectors (registration in the RUI, the Italian register of intermediaries), gold both. Null for the other
// roles. Every corner that exists today becomes gold, so nothing that works today stops working. The RUI
// registration: its section (A-F) and number (the section letter and 9 digits), and when an admin verified it.

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('users')
    .addColumn('tier', 'text', (col) => col.check(sql`tier in ('bronze', 'silver', 'gold')`))
    .addColumn('rui_section', 'text', (col) => col.check(sql`rui_section in ('A', 'B', 'C', 'D', 'E', 'F')`))
    .addColumn('rui_number', 'text', (col) => col.check(sql`rui_number ~ '^[A-F][0-9]{9}$'`))
    .addColumn('rui_verified_at', 'timestamptz')
    .execute();
  await sql`update users set tier = 'gold' where role = 'corner'`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('users').dropColumn('tier').dropColumn('rui_section').dropColumn('rui_number').dropColumn('rui_verified_at').execute();
};
