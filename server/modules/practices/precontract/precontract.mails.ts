import { formatRomeDate } from '../../contract/contract-pdf';
import { otpMailTextOf } from '../../contract/otp-sender';

/** The e-mails the client of a pre-contract pack receives (Italian: the client reads them). */

/** The personal link to the signing page, sent with the pack. */
export const linkMailText = (input: { clientName: string; cornerName: string; intermediaryName: string; url: string; expiresAt: Date; supportEmail: string }) =>
  [
    `Gentile ${input.clientName},`,
    '',
    `${input.cornerName}, per conto di ${input.intermediaryName}, ti ha preparato i documenti precontrattuali della polizza RC Auto che hai richiesto: ` +
      'l’informativa dell’intermediario (modulo unico precontrattuale), il questionario sulle tue esigenze e i documenti informativi dell’impresa.',
    '',
    'Puoi leggerli e firmarli con un codice che ti invieremo a questo indirizzo, da questa pagina:',
    '',
    `    ${input.url}`,
    '',
    `Il link è personale e vale fino al ${formatRomeDate(input.expiresAt)}. Non inoltrarlo ad altri.`,
    '',
    `Se non hai richiesto tu questa polizza, ignora questo messaggio e scrivi a ${input.supportEmail}.`,
  ].join('\n');

/** The one-time code that signs the pack (the wording of the code e-mail of ../../contract/otp-sender.ts). */
export const otpMailText = otpMailTextOf({
  greeting: 'Gentile',
  instruction: 'per firmare i documenti precontrattuali inserisci questo codice nella pagina di firma:',
  operator: 'nessun operatore',
  consent: 'Inserendolo dichiari di aver ricevuto e letto i documenti e li sottoscrivi.',
});
