import { type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// What an audited action needs beyond its path: a reason (a client moved to another corner), a refusal's date (a GDPR
// erasure held by retention), the record it concerns.

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('audit_log').addColumn('details', 'jsonb').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('audit_log').dropColumn('details').execute();
};
