import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 26 point 10: the pre-contract pack is a duty of every distributor (Reg. IVASS 40/2018 arts. 56-58), so
// rcaPrecontrattuale is on by default. The core-data migration had stored `false` on every install; that row is
// removed where no admin has changed it since (its time is still the seed's, the earliest of the table), so the new
// default applies. An admin's own choice, made later, stays.

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`
    delete from settings
    where key = 'rcaPrecontrattuale' and value = 'false'::jsonb
      and updated_at = (select min(updated_at) from settings)
  `.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`insert into settings (key, value) values ('rcaPrecontrattuale', 'false'::jsonb) on conflict (key) do nothing`.execute(db);
};
