import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
export const up = async (db: Kysely<any>): Promise<void> => {
  // One row per corner: where its contract stands (spec section 4, "contract progress").
  await db.schema
    .createTable('contracts')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // none: nothing sent yet; sent: the contract was generated and a code sent; completed: signed.
    .addColumn('progress', 'text', (col) => col.notNull().defaultTo('none').check(sql`progress in ('none', 'sent', 'completed')`))
    // The unsigned document made for the corner (a files row), the template it came from and a fingerprint of the
    // data it was made with (a new document is made only when the data or the template changed).
    .addColumn('generated_file_id', 'uuid')
    .addColumn('generated_sha256', 'text')
    .addColumn('generated_fingerprint', 'text')
    .addColumn('template_file_id', 'uuid')
    .addColumn('generated_at', 'timestamptz')
    // The signed document and the evidence of the signature.
    .addColumn('signed_file_id', 'uuid')
    .addColumn('signed_sha256', 'text')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('evidence', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('contracts_completed_has_signature', sql`(progress = 'completed') = (signed_at is not null and signed_file_id is not null)`)
    .execute();

  // One-time codes that sign a contract. Only a keyed hash of the code is kept.
  await db.schema
    .createTable('contract_otps')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('destination', 'text', (col) => col.notNull())
    // The unsigned document the code was issued for: the code signs that document and no other.
    .addColumn('document_file_id', 'uuid', (col) => col.notNull())
    .addColumn('document_sha256', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    // Set when a newer code replaced this one.
    .addColumn('invalidated_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('contract_otps_user_created_idx').on('contract_otps').columns(['user_id', 'created_at']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('contract_otps').execute();
  await db.schema.dropTable('contracts').execute();
};
