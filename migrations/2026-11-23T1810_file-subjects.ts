import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Files attached to a record of another module (a "subject": a client, later a practice). Whoever may read or
// change the record reads or changes its files (the owning module says who, through the files service), not only
// their uploader. `subject_id` is text: subjects of different modules may have ids of different kinds.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('files').addColumn('subject_type', 'text').addColumn('subject_id', 'text').execute();
  await sql`alter table files drop constraint if exists files_visibility_check`.execute(db);
  await sql`alter table files add constraint files_visibility_check check (visibility in ('private', 'public', 'shared', 'room', 'subject'))`.execute(db);
  await sql`alter table files add constraint files_subject_needs_subject check ((visibility = 'subject') = (subject_type is not null and subject_id is not null))`.execute(db);
  // A record's files (documents panel, export, erasure).
  await db.schema
    .createIndex('files_subject_idx')
    .on('files')
    .columns(['subject_type', 'subject_id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('files_subject_idx').execute();
  await sql`alter table files drop constraint files_subject_needs_subject`.execute(db);
  await sql`delete from files where visibility = 'subject'`.execute(db);
  await sql`alter table files drop constraint files_visibility_check`.execute(db);
  await sql`alter table files add constraint files_visibility_check check (visibility in ('private', 'public', 'shared', 'room'))`.execute(db);
  await db.schema.alterTable('files').dropColumn('subject_type').dropColumn('subject_id').execute();
};
