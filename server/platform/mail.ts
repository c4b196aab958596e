import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type TMail = { to: string; subject: string; text: string; html?: string };

export type TMailer = {
  /**
   * Queues the message, or a function that prepares it (and may decide not to send: null); delivery runs after
   * the caller has answered, and failures are logged. In memory only: a crash loses it, so an e-mail that must
   * arrive goes through the email_outbox table (`queueEmail` in the transaction that causes it).
   */
  send: (mail: TMail | (() => Promise<TMail | null>)) => void;
  /** Sends now and rejects when the transport fails (the e-mail outbox worker retries). */
  deliver: (mail: TMail) => Promise<void>;
  /** Resolves when every queued message has been handled (shutdown, tests). */
  idle: () => Promise<void>;
};

/**
 * SMTP when `smtpUrl` is set; otherwise every message is written as an .eml file under `outboxDir` and logged,
 * so a local installation shows its e-mails without a mail server.
 */
export const createMailer = (options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
  /** Runs before each delivery; when it throws, the delivery fails (a transport check, or a failing one in tests). */
  beforeDeliver?: (mail: TMail) => Promise<void>;
  /**
   * Longest an SMTP delivery should take (the outbox's claim lease): connecting, the greeting and each silence of
   * the socket may last a third of it, so a server that stops answering fails the delivery instead of holding it
   * past the lease, when another worker may take the e-mail again.
   */
  sendTimeoutSeconds?: number;
}): TMailer => {
  const phaseMs = Math.round(((options.sendTimeoutSeconds ?? 300) * 1000) / 3);
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: phaseMs, greetingTimeout: phaseMs, socketTimeout: phaseMs })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  const deliver = async (mail: TMail) => {
    await options.beforeDeliver?.(mail);
    const info = await transport.sendMail({ from: options.from, ...mail });
    if (!options.smtpUrl) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${process.hrtime.bigint()}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      options.logger.info({ to: mail.to, subject: mail.subject, file }, 'e-mail scritta nella outbox');
    } else {
      options.logger.info({ to: mail.to, subject: mail.subject }, 'e-mail inviata');
    }
  };

  return {
    deliver,
    send: (mail) => {
      const job = (typeof mail === 'function' ? mail() : Promise.resolve(mail))
        .then((prepared) => (prepared ? deliver(prepared) : undefined))
        .catch((error: unknown) => options.logger.error({ err: error }, 'invio e-mail non riuscito'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    idle: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
};
