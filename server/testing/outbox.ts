import fs from 'node:fs/promises';
import path from 'node:path';

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
