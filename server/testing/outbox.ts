import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { TDb } from '../db/database';

export type TOutboxMail = { to: string; subject: string; body: string };

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** E-mails written to an outbox folder (no SMTP configured), oldest first, with decoded bodies. */
export const readOutbox = async (outbox: string): Promise<TOutboxMail[]> => {
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  const mails: TOutboxMail[] = [];
  for (const file of files.sort()) {
    const raw = await fs.readFile(path.join(outbox, file), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
    const body = rest.join('\n\n');
    mails.push({ to: header('To'), subject: header('Subject'), body: /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body });
  }
  return mails;
};

/** The token of a link like `…?verifica=<token>` in a mail body. */
export const linkToken = (body: string, param: string): string => new RegExp(`[?&]${param}=([A-Za-z0-9_-]+)`).exec(body)?.[1] ?? '';

/** Makes every e-mail waiting for a later attempt due now: its outbox record and its `email.send` job. */
export const makeEmailsDue = async (db: TDb): Promise<void> => {
  await db.updateTable('email_outbox').set({ next_attempt_at: sql<Date>`now() - interval '1 second'` }).where('status', '<>', 'sent').execute();
  await db.updateTable('jobs').set({ run_at: sql<Date>`now() - interval '1 second'` }).where('name', '=', 'email.send').where('state', '=', 'pending').execute();
};
