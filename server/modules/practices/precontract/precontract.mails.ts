import { formatRomeDate } from '../../contract/contract-pdf';
import { otpMailTextOf } from '../../contract/otp-sender';

/** The e-mails the client of a pre-contract pack receives (Italian: the client reads them). */

/**
 * The personal link to the signing page, sent with the pack. It names the product of the practice's sector (its
 * definition's `insurance.product`: "la polizza RC Auto", "la fideiussione (locazione)") and addresses the client,
 * who is not a user of the platform, with "Lei".
 */
export const linkMailText = (input: { clientName: string; cornerName: string; intermediaryName: string; product: string; url: string; expiresAt: Date; supportEmail: string }) =>
  [
    `Gentile ${input.clientName},`,
    '',
    `${input.cornerName}, per conto di ${input.intermediaryName}, Le ha preparato i documenti precontrattuali per ${input.product} che ha richiesto: ` +
      'l’informativa dell’intermediario (modulo unico precontrattuale), il questionario sulle Sue esigenze e i documenti informativi dell’impresa.',
    '',
    'Può leggerli e firmarli con un codice che Le invieremo a questo indirizzo, da questa pagina:',
    '',
    `    ${input.url}`,
    '',
    `Il link è personale e vale fino al ${formatRomeDate(input.expiresAt)}. Non lo inoltri ad altri.`,
    '',
    `Se non ha richiesto Lei questi documenti, ignori questo messaggio e scriva all’indirizzo ${input.supportEmail}.`,
  ].join('\n');

/** The one-time code that signs the pack (the code e-mail of ../../contract/otp-sender.ts), to the client with "Lei". */
export const otpMailText = otpMailTextOf({
  greeting: 'Gentile',
  instruction: 'per firmare i documenti precontrattuali inserisca questo codice nella pagina di firma:',
  consent: 'Inserendolo dichiara di aver ricevuto e letto i documenti e li sottoscrive.',
  secrecy: 'Non lo comunichi a nessuno: nessun operatore glielo chiederà mai.',
  notRequested: (supportEmail) => `Se non ha richiesto Lei il codice, ignori questo messaggio e scriva all’indirizzo ${supportEmail}.`,
});
