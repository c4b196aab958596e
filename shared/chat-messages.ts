/** Italian texts of the chat (spec section 8 and the rules of section 6), shared by the server and the chat panel. */
export const CHAT_MSG = {
  staffName: 'Staff',
  brokerSuffix: '- Broker',
  sendFailed: "Errore durante l'invio del messaggio.",
  uploaded: 'File caricato.',
  roomNotFound: 'Conversazione non trovata.',
  messageNotFound: 'Messaggio non trovato.',
  contactNotFound: 'Contatto non trovato.',
  cannotOpenRoom: 'Non puoi aprire una conversazione con questo utente.',
  noStaffChat: 'La chat con lo staff non è disponibile per il tuo profilo.',
  textRequired: 'Scrivi un messaggio.',
  textTooLong: 'Il messaggio può avere al massimo 4000 caratteri.',
  clientIdInvalid: 'Identificativo del messaggio non valido.',
  searchTooLong: 'La ricerca può avere al massimo 100 caratteri.',
  tooFast: 'Stai inviando troppi messaggi: attendi qualche secondo.',
  clientIdReused: 'Identificativo del messaggio già usato per un altro messaggio.',
} as const;
