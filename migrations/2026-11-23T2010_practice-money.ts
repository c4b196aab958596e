import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 15, money, policy and renewal of a practice: the issued policy (number, effective and expiry dates as ISO
// `YYYY-MM-DD` text), the reason of a refusal or of a return to quotation, the link between an issued practice and
// the one opened to renew it (one at most: the unique index keeps two instances of the renewal job from opening
// two), when the corner was reminded of the expiry, and the payment request raised by asking for issue.

export const up = async (db: Kysely<any>): Promise<void> => {
  const isoDate = (column: string) => sql`${sql.ref(column)} is null or ${sql.ref(column)} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`;
  await db.schema
    .alterTable('practices')
    .addColumn('policy_number', 'text')
    .addColumn('policy_effective_date', 'text', (col) => col.check(isoDate('policy_effective_date')))
    .addColumn('policy_expiry_date', 'text', (col) => col.check(isoDate('policy_expiry_date')))
    .addColumn('outcome_reason', 'text')
    .addColumn('renewal_of_id', 'uuid', (col) => col.references('practices.id'))
    .addColumn('renewed_by_id', 'uuid', (col) => col.references('practices.id'))
    .addColumn('renewal_reminded_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('practices_renewal_of_key').unique().on('practices').column('renewal_of_id').where(sql.ref('renewal_of_id'), 'is not', null).execute();
  // The renewal job's daily scan: the issued policies of a sector by expiry.
  await db.schema
    .createIndex('practices_sector_policy_expiry_idx')
    .on('practices')
    .columns(['sector', 'policy_expiry_date'])
    .where(sql.ref('policy_expiry_date'), 'is not', null)
    .execute();

  await db.schema.alterTable('payments').addColumn('practice_id', 'uuid', (col) => col.references('practices.id')).execute();
  await db.schema.createIndex('payments_practice_idx').on('payments').column('practice_id').where(sql.ref('practice_id'), 'is not', null).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('payments_practice_idx').execute();
  await db.schema.alterTable('payments').dropColumn('practice_id').execute();
  await db.schema.dropIndex('practices_sector_policy_expiry_idx').execute();
  await db.schema.dropIndex('practices_renewal_of_key').execute();
  await db.schema
    .alterTable('practices')
    .dropColumn('policy_number')
    .dropColumn('policy_effective_date')
    .dropColumn('policy_expiry_date')
    .dropColumn('outcome_reason')
    .dropColumn('renewal_of_id')
    .dropColumn('renewed_by_id')
    .dropColumn('renewal_reminded_at')
    .execute();
};
