import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// An impersonation (bearer) session records the admin session that issued it, and ends with it: the cascade
// ends every token an admin issued when that admin's session is deleted (logout, password change or reset,
// deactivation). Bearer rows from before carry no issuing session and cannot be bound to one: they are ended.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.deleteFrom('sessions').where('kind', '=', 'bearer').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('impersonator_session_id', 'text', (col) => col.references('sessions.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addCheckConstraint('sessions_bearer_has_issuer', sql`kind <> 'bearer' or (impersonator_session_id is not null and impersonator_id is not null)`)
    .execute();
  // The cascade looks bearer rows up by the deleted session's id; ending an admin's sessions, by the admin.
  await db.schema.createIndex('sessions_impersonator_session_id_idx').on('sessions').column('impersonator_session_id').execute();
  await db.schema.createIndex('sessions_impersonator_id_idx').on('sessions').column('impersonator_id').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('sessions_impersonator_id_idx').execute();
  await db.schema.dropIndex('sessions_impersonator_session_id_idx').execute();
  await db.schema.alterTable('sessions').dropConstraint('sessions_bearer_has_issuer').execute();
  await db.schema.alterTable('sessions').dropColumn('impersonator_session_id').execute();
};
