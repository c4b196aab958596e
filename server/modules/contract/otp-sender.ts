import { CONTRACT_MSG, type TOtpChannel } from '../../../shared/schemas/contract';
import type { TMailer } from '../../platform/mail';

/** The person a code goes to. */
export type TOtpRecipient = { name: string; email: string; phone: string };

export type TOtpMessage = { code: string; expiresAt: Date; validMinutes: number; recipient: TOtpRecipient };

/**
 * How a signing code reaches the signer. E-mail today; an SMS sender plugs in by implementing this and being passed
 * to the contract service (`createContractService(deps, { otpSender })`).
 */
export type TOtpSender = {
  channel: TOtpChannel;
  /** How the channel is named on the evidence page ('OTP via e-mail'). */
  evidenceLabel: string;
  /** The address or number the code goes to, or null when the recipient has none. */
  destinationOf: (recipient: TOtpRecipient) => string | null;
  /** What the signer is shown of the destination ('m***@example.it'). */
  mask: (destination: string) => string;
  /** Delivers now; rejects when it could not (the code is then withdrawn). */
  send: (message: TOtpMessage, destination: string) => Promise<void>;
};

/** 'mario.rossi@example.it' -> 'm***@example.it'. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
};

/** '+39 333 1234567' -> '*** *** **67'. */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 4 ? '***' : `${'*'.repeat(Math.max(digits.length - 2, 0))}${digits.slice(-2)}`;
};

/**
 * What a code's e-mail says of the document it signs, and in which register: a platform user is addressed with
 * "tu", a client (not a user: the pre-contract pack) with "Lei". The code and its rules read the same for every document.
 */
export type TOtpMailWording = {
  greeting: string;
  instruction: string;
  consent: string;
  /** "Non comunicarlo a nessuno: nessun operatore te lo chiederà mai." in the register of the reader. */
  secrecy: string;
  /** The last line, for a reader who did not ask for the code, with the support address. */
  notRequested: (supportEmail: string) => string;
};

/** The text of a code's e-mail in `wording` (Italian: the signer reads it). */
export const otpMailTextOf = (wording: TOtpMailWording) => (message: TOtpMessage, supportEmail: string) =>
  [
    `${wording.greeting} ${message.recipient.name},`,
    '',
    wording.instruction,
    '',
    `    ${message.code}`,
    '',
    `Il codice vale ${message.validMinutes} minuti e può essere usato una sola volta. ${wording.secrecy}`,
    '',
    wording.consent,
    '',
    wording.notRequested(supportEmail),
  ].join('\n');

/** The contract's code e-mail. */
export const otpMailText = otpMailTextOf({
  greeting: 'Ciao',
  instruction: 'per firmare il contratto di collaborazione inserisci questo codice nella pagina Documenti:',
  consent: 'Inserendolo dichiari di aver letto e di accettare il contratto, che riceverai firmato nella pagina Documenti.',
  secrecy: 'Non comunicarlo a nessuno: nessun operatore della piattaforma te lo chiederà mai.',
  // "all’indirizzo": "scrivi a assistenza@…" reads wrong before a vowel.
  notRequested: (supportEmail) => `Se non hai richiesto tu il codice, ignora questo messaggio e scrivi all’indirizzo ${supportEmail}.`,
});

/** What a code's e-mail says: the contract's by default; the pre-contract pack gives its own. */
export type TOtpMail = { subject: string; text: (message: TOtpMessage, supportEmail: string) => string };

/** The e-mail sender, through the platform's mailer (SMTP, or the outbox folder without one). */
export const createEmailOtpSender = (mailer: TMailer, supportEmail: string, mail: TOtpMail = { subject: CONTRACT_MSG.otpMailSubject, text: otpMailText }): TOtpSender => ({
  channel: 'email',
  evidenceLabel: 'OTP via e-mail',
  destinationOf: (recipient) => recipient.email || null,
  mask: maskEmail,
  // Delivered while the signer waits: a code that never leaves must not look sent.
  send: (message, destination) => mailer.deliver({ to: destination, subject: mail.subject, text: mail.text(message, supportEmail) }),
});
