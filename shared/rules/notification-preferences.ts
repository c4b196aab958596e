import type { TBrokerType, TRole } from '../constants';
import { NOTIFICATION_KINDS, sectorNotificationKinds, type TNotificationKind } from '../schemas/notifications';
import { SECTOR_LIST, sectorOfBrokerType, type TSector, type TSectorEventPrefix } from '../sectors';

/**
 * Notification preferences (spec sections 3 and 6): which event keys a user sees in the preference panel and may
 * change, by role and broker type. One function for the server and the client.
 *
 * Defaults (a user who never changed a key): the in-app notification is always stored; e-mail is on for the admin
 * group (new_payment_request, new_user, new_broker) and for the sector events emission and newquotation; web push
 * is off everywhere.
 */

export type TNotificationPreferenceGroupId = 'admin' | 'general' | 'payments' | TSectorEventPrefix;
export type TNotificationPreferenceGroup = { id: TNotificationPreferenceGroupId; title: string; keys: TNotificationKind[] };
export type TNotificationChannel = 'email' | 'webpush';
export type TNotificationFlags = { email: boolean; webpush: boolean };
export type TPreferenceSubject = { role: TRole; brokerType?: TBrokerType | null };

const GROUP_TITLES: Record<TNotificationPreferenceGroupId, string> = {
  admin: 'Amministrazione',
  general: 'Generali',
  payments: 'Pagamenti',
  ...(Object.fromEntries(SECTOR_LIST.map((sector) => [sector.eventPrefix, sector.label])) as Record<TSectorEventPrefix, string>),
};

const ADMIN_KEYS: TNotificationKind[] = ['new_payment_request', 'new_user', 'new_broker'];
/** user_update is raised to admins only, so only admins see it. */
const GENERAL_KEYS: TNotificationKind[] = ['user_update', 'new_referral', 'other'];
const PAYMENT_KEYS: TNotificationKind[] = ['new_payment', 'new_ref_payment', 'ne_payment_confirm'];

const group = (id: TNotificationPreferenceGroupId, keys: TNotificationKind[]): TNotificationPreferenceGroup => ({ id, title: GROUP_TITLES[id], keys });
const sectorGroup = (sector: TSector, keys: TNotificationKind[] = sectorNotificationKinds(sector)) => group(sector.eventPrefix, keys);

/**
 * What the preference panel holds for this user: `canOpen` false (gpl and luce e gas brokers, or a broker without
 * a type) means no panel at all. Brokers see only their own sector; the others see general, payments and the
 * sectors (admins also the admin group). Creation toggles of altri rami and fideiussioni: admin and broker only;
 * of gpl and luce e gas: admin only.
 */
export const notificationPreferenceRules = (subject: TPreferenceSubject): { canOpen: boolean; groups: TNotificationPreferenceGroup[] } => {
  const { role } = subject;
  if (role === 'broker') {
    if (!subject.brokerType) return { canOpen: false, groups: [] };
    const sector = sectorOfBrokerType(subject.brokerType);
    if (sector.kind === 'utility') return { canOpen: false, groups: [] };
    return { canOpen: true, groups: [sectorGroup(sector)] };
  }
  const isAdmin = role === 'admin';
  const withoutCreate = (keys: TNotificationKind[]) => (isAdmin ? keys : keys.filter((key) => !key.endsWith('_create')));
  return {
    canOpen: true,
    groups: [
      ...(isAdmin ? [group('admin', ADMIN_KEYS)] : []),
      group('general', isAdmin ? GENERAL_KEYS : GENERAL_KEYS.filter((key) => key !== 'user_update')),
      group('payments', PAYMENT_KEYS),
      ...SECTOR_LIST.map((sector) => sectorGroup(sector, sector.slug === 'rca' ? sectorNotificationKinds(sector) : withoutCreate(sectorNotificationKinds(sector)))),
    ],
  };
};

/** Every key the user sees (and may change) in the preference panel, in panel order. */
export const visibleNotificationKeys = (subject: TPreferenceSubject): TNotificationKind[] =>
  notificationPreferenceRules(subject).groups.flatMap((entry) => entry.keys);

export const canChangeNotificationPreference = (subject: TPreferenceSubject, key: TNotificationKind): boolean =>
  visibleNotificationKeys(subject).includes(key);

export const isNotificationKind = (value: string): value is TNotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value);

const EMAIL_BY_DEFAULT_SECTOR_KEYS = new Set<string>(
  SECTOR_LIST.filter((sector) => sector.kind === 'insurance').flatMap((sector) => [`${sector.eventPrefix}_emission`, `${sector.eventPrefix}_newquotation`]),
);

/** The flags of a key nobody changed (see the defaults above). */
export const defaultNotificationFlags = (key: TNotificationKind): TNotificationFlags => ({
  email: ADMIN_KEYS.includes(key) || EMAIL_BY_DEFAULT_SECTOR_KEYS.has(key),
  webpush: false,
});
