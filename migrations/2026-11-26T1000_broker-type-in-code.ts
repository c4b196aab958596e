import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 25 (a sector is one definition): the list of broker types lives in the sectors' definitions
// (shared/sectors.ts), checked by the schema of every input that sets one (ZBrokerType); the database no longer
// repeats it in a CHECK that each new sector would have to migrate. A broker still has a type and only a broker has
// one (users_broker_type_for_brokers stays).

export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`alter table users drop constraint if exists users_broker_type_check`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`alter table users add constraint users_broker_type_check check (broker_type in ('RC Auto', 'altri rami', 'fideiussioni', 'gpl', 'luce e gas'))`.execute(db);
};
