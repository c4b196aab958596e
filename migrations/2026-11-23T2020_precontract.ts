import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The pre-contract pack of an insurance practice (issue 15, IVASS Reg. 40/2018 artt. 56, 58, 67 as amended by
// Provv. IVASS 97/2020): the admin's template of the single pre-contract form (every version kept: a pack names
// the one it was made from), one pack per practice (questionnaire, generated PDF, signature by a one-time code sent
// to the client's e-mail or paper scans) and the codes. Practices are never deleted while held (art. 67): nor are these.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('precontract_templates')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // {intermediary: {...}, sections: [{title, body}]} with {{placeholders}}.
    .addColumn('content', 'jsonb', (col) => col.notNull())
    .addColumn('created_by', 'uuid', (col) => col.references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema.createIndex('precontract_templates_created_idx').on('precontract_templates').column('created_at').execute();

  await db.schema
    .createTable('precontracts')
    .addColumn('practice_id', 'uuid', (col) => col.primaryKey().references('practices.id'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('missing').check(sql`status in ('missing', 'sent', 'signed', 'paper')`))
    // Demands-and-needs answers (art. 58) and who gave them, when.
    .addColumn('questionnaire', 'jsonb')
    .addColumn('questionnaire_at', 'timestamptz')
    .addColumn('questionnaire_by', 'uuid', (col) => col.references('users.id'))
    // The pack sent: its PDF (a files row of subject practice), what it was made from, to whom it went.
    .addColumn('quotation_id', 'uuid')
    .addColumn('template_id', 'uuid', (col) => col.references('precontract_templates.id'))
    .addColumn('pack_file_id', 'uuid')
    .addColumn('pack_sha256', 'text')
    .addColumn('snapshot', 'jsonb')
    .addColumn('sent_to', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('sent_by', 'uuid', (col) => col.references('users.id'))
    // The link of the public signing page: only a hash of its token is kept.
    .addColumn('token_hash', 'text', (col) => col.unique())
    .addColumn('token_expires_at', 'timestamptz')
    // Signed by code: the signed PDF with its evidence page, and the evidence.
    .addColumn('signed_file_id', 'uuid')
    .addColumn('signed_sha256', 'text')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('evidence', 'jsonb')
    // Signed on paper: who declared the scans, when.
    .addColumn('paper_at', 'timestamptz')
    .addColumn('paper_by', 'uuid', (col) => col.references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('precontracts_signed_has_signature', sql`(status = 'signed') = (signed_at is not null and signed_file_id is not null)`)
    .addCheckConstraint('precontracts_sent_has_pack', sql`status not in ('sent', 'signed') or (pack_file_id is not null and sent_to is not null)`)
    .execute();

  await db.schema
    .createTable('precontract_otps')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('practice_id', 'uuid', (col) => col.notNull().references('practices.id'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('destination', 'text', (col) => col.notNull())
    // The pack the code was issued for: the code signs that document and no other.
    .addColumn('document_file_id', 'uuid', (col) => col.notNull())
    .addColumn('document_sha256', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('invalidated_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('precontract_otps_practice_created_idx').on('precontract_otps').columns(['practice_id', 'created_at']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('precontract_otps').execute();
  await db.schema.dropTable('precontracts').execute();
  await db.schema.dropTable('precontract_templates').execute();
};
