import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 28: the admins' audit page (/admin/audit) searches the log by period (newest first), action, record (part
// of the path, trigram), who did it and the admin behind a login-as (the indexes of 2026-11-21T1000 on admin_id and
// user_id), and groups each call of an impersonation session under the latest `login-as` of the same admin for the
// same user (the partial index). The retention job deletes by date (the created_at index).
export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db);
  await sql`create index audit_log_action_idx on audit_log (action, created_at desc)`.execute(db);
  await sql`create index audit_log_login_as_idx on audit_log (admin_id, user_id, id) where action = 'login-as'`.execute(db);
  await sql`create index audit_log_path_trgm_idx on audit_log using gin (path gin_trgm_ops) with (gin_pending_list_limit = 256)`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const name of ['audit_log_path_trgm_idx', 'audit_log_login_as_idx', 'audit_log_action_idx', 'audit_log_created_idx']) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
};
