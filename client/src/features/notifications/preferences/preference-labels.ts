import { NOTIFICATION_GENERAL_KINDS, SECTOR_EVENTS_BY_KIND, type TNotificationKind } from '../../../../../shared/schemas/notifications';
import { SECTOR_LIST, type TSectorSlug } from '../../../../../shared/sectors';

type TSectorEvent = (typeof SECTOR_EVENTS_BY_KIND)[keyof typeof SECTOR_EVENTS_BY_KIND][number];

/** The general events' names in the panel. */
const GENERAL_LABELS: Record<(typeof NOTIFICATION_GENERAL_KINDS)[number], string> = {
  new_payment_request: 'Nuova richiesta di pagamento',
  new_user: 'Nuovo utente registrato',
  new_broker: 'Nuovo broker creato',
  user_update: 'Profilo di un utente aggiornato',
  new_referral: 'Nuova registrazione con il tuo codice invito',
  other: 'Altre comunicazioni',
  new_payment: 'Nuovo pagamento',
  new_ref_payment: 'Pagamento di un utente da te invitato',
  ne_payment_confirm: 'Pagamento confermato',
};

/** A sector's events' names: sector rows sit under their sector's title, so they name the event only. */
const SECTOR_EVENT_LABELS: Record<TSectorEvent, string> = {
  create: 'Nuova pratica',
  update: 'Pratica aggiornata',
  newquotation: 'Nuova quotazione',
  updatequotation: 'Quotazione aggiornata',
  emission: 'Polizza emessa',
  history: 'Nuova voce nello storico',
};
/** Where a sector words an event its own way (a surety is not a policy). */
const SECTOR_WORDING: Partial<Record<TSectorSlug, Partial<Record<TSectorEvent, string>>>> = { fideiussioni: { emission: 'Fideiussione emessa' } };

/**
 * What each event key of the notification preferences (spec section 3) is called in the panel: the general ones,
 * then each sector's events (its prefix and the events of its kind), so a new sector's rows are named with no line here.
 */
export const NOTIFICATION_KIND_LABELS = Object.fromEntries([
  ...Object.entries(GENERAL_LABELS),
  ...SECTOR_LIST.flatMap((sector) =>
    SECTOR_EVENTS_BY_KIND[sector.kind].map((event) => [`${sector.eventPrefix}_${event}`, SECTOR_WORDING[sector.slug]?.[event] ?? SECTOR_EVENT_LABELS[event]] as const),
  ),
]) as Record<TNotificationKind, string>;

/** The label of an event key; the key itself should one ever be missing, rather than an empty row. */
export const notificationKindLabel = (key: TNotificationKind): string => NOTIFICATION_KIND_LABELS[key] ?? key;

/** The channels of a preference row, in column order, with their column titles. */
export const NOTIFICATION_CHANNEL_LABELS = { email: 'E-mail', webpush: 'Push' } as const;
