import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// A user's rooms list starts from the rooms it owns: the unique indexes on owner_id are partial (staff rooms,
// broker rooms without a practice), so they do not answer "every room of this owner".
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex('chat_rooms_owner_idx').on('chat_rooms').column('owner_id').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('chat_rooms_owner_idx').execute();
};
