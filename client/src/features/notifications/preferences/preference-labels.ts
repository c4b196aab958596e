import type { TNotificationKind } from '../../../../../shared/schemas/notifications';

/**
 * What each event key of the notification preferences (spec section 3) is called in the panel. Sector rows sit
 * under their sector's title, so their labels name the event only. The sector kinds are typed as a template
 * pattern, so the compiler cannot prove this map complete: preference-labels.test.ts does.
 */
export const NOTIFICATION_KIND_LABELS: Record<TNotificationKind, string> = {
  new_payment_request: 'Nuova richiesta di pagamento',
  new_user: 'Nuovo utente registrato',
  new_broker: 'Nuovo broker creato',
  user_update: 'Profilo di un utente aggiornato',
  new_referral: 'Nuova registrazione con il tuo codice invito',
  other: 'Altre comunicazioni',
  new_payment: 'Nuovo pagamento',
  new_ref_payment: 'Pagamento di un utente da te invitato',
  ne_payment_confirm: 'Pagamento confermato',
  rca_create: 'Nuova pratica',
  rca_update: 'Pratica aggiornata',
  rca_newquotation: 'Nuova quotazione',
  rca_updatequotation: 'Quotazione aggiornata',
  rca_emission: 'Polizza emessa',
  rca_history: 'Nuova voce nello storico',
  ar_create: 'Nuova pratica',
  ar_update: 'Pratica aggiornata',
  ar_newquotation: 'Nuova quotazione',
  ar_updatequotation: 'Quotazione aggiornata',
  ar_emission: 'Polizza emessa',
  ar_history: 'Nuova voce nello storico',
  f_create: 'Nuova pratica',
  f_update: 'Pratica aggiornata',
  f_newquotation: 'Nuova quotazione',
  f_updatequotation: 'Quotazione aggiornata',
  f_emission: 'Fideiussione emessa',
  f_history: 'Nuova voce nello storico',
  gpl_create: 'Nuova pratica',
  gpl_update: 'Pratica aggiornata',
  lg_create: 'Nuova pratica',
  lg_update: 'Pratica aggiornata',
};

/** The label of an event key; the key itself should one ever be missing, rather than an empty row. */
export const notificationKindLabel = (key: TNotificationKind): string => NOTIFICATION_KIND_LABELS[key] ?? key;

/** The channels of a preference row, in column order, with their column titles. */
export const NOTIFICATION_CHANNEL_LABELS = { email: 'E-mail', webpush: 'Push' } as const;
