import type { TMail } from '../../platform/mail';

const footer = (supportEmail: string) =>
  `\n\nSe non hai richiesto tu questa operazione puoi ignorare questo messaggio.\nPer assistenza: ${supportEmail}`;

export const verifyEmailMail = (to: string, name: string, link: string, supportEmail: string): TMail => ({
  to,
  subject: 'Conferma il tuo indirizzo email',
  text: `Ciao ${name},\n\ngrazie per esserti registrato. Conferma il tuo indirizzo email aprendo questo link (valido 48 ore):\n\n${link}${footer(supportEmail)}`,
});

export const recoverPasswordMail = (to: string, link: string, supportEmail: string): TMail => ({
  to,
  subject: 'Reimposta la tua password',
  text: `Ciao,\n\nabbiamo ricevuto una richiesta di reimpostazione della password del tuo account. Apri questo link entro un'ora per sceglierne una nuova:\n\n${link}${footer(supportEmail)}`,
});

export const inviteMail = (to: string, name: string, link: string, supportEmail: string): TMail => ({
  to,
  subject: 'Il tuo account è pronto: scegli la password',
  text: `Ciao ${name},\n\nun amministratore ha creato il tuo account sulla piattaforma. Scegli la tua password aprendo questo link (valido 7 giorni):\n\n${link}\n\nPer assistenza: ${supportEmail}`,
});
