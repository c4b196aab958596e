import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TMail } from '../../platform/mail';

/**
 * The email_outbox rows: the durable record of every e-mail (what, to whom, status, attempts, last error, when it
 * is tried next). Sending is a job of the runner (email-outbox.ts); these keep the record in step with it.
 */
export const insertEmails = async (db: TDb, mails: readonly TMail[]): Promise<string[]> => {
  if (mails.length === 0) return [];
  const rows = await db
    .insertInto('email_outbox')
    .values(mails.map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text })))
    .returning('id')
    .execute();
  return rows.map((row) => String(row.id));
};

/** Records an attempt under way (its job's attempt), unless the e-mail is sent already; answers what to send. */
export const markEmailSending = (db: TDb, id: string, attempts: number, leaseSeconds: number) =>
  db
    .updateTable('email_outbox')
    .set({ status: 'sending', attempts, next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', id)
    .where('status', '<>', 'sent')
    .returning(['to', 'subject', 'text'])
    .executeTakeFirst();

export const markEmailSent = (db: TDb, id: string) =>
  db.updateTable('email_outbox').set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null }).where('id', '=', id).execute();

export const markEmailRetry = (db: TDb, id: string, error: string, retryInMs: number) =>
  db
    .updateTable('email_outbox')
    .set({ status: 'pending', last_error: error, next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})` })
    .where('id', '=', id)
    .execute();

/** What waits for a later attempt is due now (a start, often after SMTP_URL was fixed). */
export const makePendingEmailsDue = (db: TDb) =>
  db.updateTable('email_outbox').set({ next_attempt_at: sql<Date>`now()` }).where('status', '=', 'pending').where('next_attempt_at', '>', sql<Date>`now()`).execute();

/** E-mails a dead process was sending are pending and due now (a start on the embedded database: see email-outbox.ts). */
export const makeSendingEmailsDue = (db: TDb) =>
  db.updateTable('email_outbox').set({ status: 'pending', next_attempt_at: sql<Date>`now()` }).where('status', '=', 'sending').execute();
