import { formatCount } from '../../lib/italian';

/** The line over the /notifiche list: "1 notifica, 1 da leggere", "12 notifiche, 0 da leggere". */
export const notificationsSummary = (total: number, unread: number): string => `${formatCount(total, 'notifica', 'notifiche')}, ${unread} da leggere`;

/** The bell's accessible name: "Notifiche", or "Notifiche, 3 da leggere". */
export const bellLabel = (unread: number): string => (unread > 0 ? `Notifiche, ${unread} da leggere` : 'Notifiche');
