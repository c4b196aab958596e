import type { TBrokerType, TRole } from '../constants';
import { NOTIFICATION_KINDS, type TNotificationKind } from '../schemas/notifications';

/**
 * Notification preferences (spec sections 3 and 6): which event keys a user sees in the preference panel and may
 * change, by role and broker type. One function for the server and the client.
 *
 * Defaults (a user who never changed a key): the in-app notification is always stored; e-mail is on for the admin
 * group (new_payment_request, new_user, new_broker) and for the sector events emission and newquotation; web push
 * is off everywhere.
 */

export type TNotificationPreferenceGroupId = 'admin' | 'general' | 'payments' | 'rca' | 'ar' | 'f' | 'gpl' | 'lg';
export type TNotificationPreferenceGroup = { id: TNotificationPreferenceGroupId; title: string; keys: TNotificationKind[] };
export type TNotificationChannel = 'email' | 'webpush';
export type TNotificationFlags = { email: boolean; webpush: boolean };
export type TPreferenceSubject = { role: TRole; brokerType?: TBrokerType | null };

const SECTOR_EVENTS = ['create', 'update', 'newquotation', 'updatequotation', 'emission', 'history'] as const;
const UTILITY_EVENTS = ['create', 'update'] as const;
const sectorKeys = (prefix: 'rca' | 'ar' | 'f' | 'gpl' | 'lg'): TNotificationKind[] =>
  (prefix === 'gpl' || prefix === 'lg' ? UTILITY_EVENTS : SECTOR_EVENTS).map((event) => `${prefix}_${event}` as TNotificationKind);

const GROUP_TITLES: Record<TNotificationPreferenceGroupId, string> = {
  admin: 'Amministrazione',
  general: 'Generali',
  payments: 'Pagamenti',
  rca: 'RC Auto',
  ar: 'Altri rami',
  f: 'Fideiussioni',
  gpl: 'GPL',
  lg: 'Luce e gas',
};

const ADMIN_KEYS: TNotificationKind[] = ['new_payment_request', 'new_user', 'new_broker'];
/** user_update is raised to admins only, so only admins see it. */
const GENERAL_KEYS: TNotificationKind[] = ['user_update', 'new_referral', 'other'];
const PAYMENT_KEYS: TNotificationKind[] = ['new_payment', 'new_ref_payment', 'ne_payment_confirm'];

const BROKER_SECTOR: Record<TBrokerType, 'rca' | 'ar' | 'f' | 'gpl' | 'lg'> = {
  'RC Auto': 'rca',
  'altri rami': 'ar',
  fideiussioni: 'f',
  gpl: 'gpl',
  'luce e gas': 'lg',
};

const group = (id: TNotificationPreferenceGroupId, keys: TNotificationKind[]): TNotificationPreferenceGroup => ({ id, title: GROUP_TITLES[id], keys });

/**
 * What the preference panel holds for this user: `canOpen` false (gpl and luce e gas brokers, or a broker without
 * a type) means no panel at all. Brokers see only their own sector; the others see general, payments and the
 * sectors (admins also the admin group). Creation toggles of altri rami and fideiussioni: admin and broker only;
 * of gpl and luce e gas: admin only.
 */
export const notificationPreferenceRules = (subject: TPreferenceSubject): { canOpen: boolean; groups: TNotificationPreferenceGroup[] } => {
  const { role } = subject;
  if (role === 'broker') {
    const sector = subject.brokerType ? BROKER_SECTOR[subject.brokerType] : undefined;
    if (!sector || sector === 'gpl' || sector === 'lg') return { canOpen: false, groups: [] };
    return { canOpen: true, groups: [group(sector, sectorKeys(sector))] };
  }
  const isAdmin = role === 'admin';
  const withoutCreate = (keys: TNotificationKind[]) => (isAdmin ? keys : keys.filter((key) => !key.endsWith('_create')));
  return {
    canOpen: true,
    groups: [
      ...(isAdmin ? [group('admin', ADMIN_KEYS)] : []),
      group('general', isAdmin ? GENERAL_KEYS : GENERAL_KEYS.filter((key) => key !== 'user_update')),
      group('payments', PAYMENT_KEYS),
      group('rca', sectorKeys('rca')),
      group('ar', withoutCreate(sectorKeys('ar'))),
      group('f', withoutCreate(sectorKeys('f'))),
      group('gpl', withoutCreate(sectorKeys('gpl'))),
      group('lg', withoutCreate(sectorKeys('lg'))),
    ],
  };
};

/** Every key the user sees (and may change) in the preference panel, in panel order. */
export const visibleNotificationKeys = (subject: TPreferenceSubject): TNotificationKind[] =>
  notificationPreferenceRules(subject).groups.flatMap((entry) => entry.keys);

export const canChangeNotificationPreference = (subject: TPreferenceSubject, key: TNotificationKind): boolean =>
  visibleNotificationKeys(subject).includes(key);

export const isNotificationKind = (value: string): value is TNotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** The flags of a key nobody changed (see the defaults above). */
export const defaultNotificationFlags = (key: TNotificationKind): TNotificationFlags => ({
  email: ADMIN_KEYS.includes(key) || /^(rca|ar|f)_(emission|newquotation)$/.test(key),
  webpush: false,
});
