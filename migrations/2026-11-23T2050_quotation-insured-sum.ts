import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Quotations of the sectors with one insured sum (altri rami: the massimale or sum insured; fideiussioni: the amount
// the bond guarantees): `insured_cents`. The RC Auto limits per claim (injury, property) stay, now only for the
// quotations that state them (RC Auto); every quotation states one or the other.

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('practice_quotations').addColumn('insured_cents', 'bigint').execute();
  await db.schema.alterTable('practice_quotations').alterColumn('person_injury_cents', (col) => col.dropNotNull()).execute();
  await db.schema.alterTable('practice_quotations').alterColumn('property_damage_cents', (col) => col.dropNotNull()).execute();
  await sql`alter table practice_quotations add constraint practice_quotations_amounts_check check ((person_injury_cents is not null and property_damage_cents is not null) or insured_cents is not null)`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`alter table practice_quotations drop constraint if exists practice_quotations_amounts_check`.execute(db);
  await db.schema.alterTable('practice_quotations').dropColumn('insured_cents').execute();
};
