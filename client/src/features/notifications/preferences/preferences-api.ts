import type { TNotificationChannel, TNotificationFlags } from '../../../../../shared/rules/notification-preferences';
import type { TNotificationPreferences, TUpdateNotificationPreferenceRequest } from '../../../../../shared/schemas/notifications';
import { http } from '../../../lib/http';

/** Not under the notifications key: a live `notifications` event refetches the lists, not the preferences. */
export const NOTIFICATION_PREFERENCES_QUERY_KEY = ['notification-preferences'] as const;

/** GET /api/notification/preference: `{ [eventKey]: { email, webpush } }` for every key the user may see. */
export const fetchNotificationPreferences = (signal?: AbortSignal) =>
  http.get<TNotificationPreferences>('/api/notification/preference', { signal });

/** PATCH /api/notification/preference: one flag of one key; the server answers the key's flags. */
export const updateNotificationPreference = (body: TUpdateNotificationPreferenceRequest) =>
  http.patch<TNotificationFlags>('/api/notification/preference', body);

/** The preferences with one channel of one key set to `val`; unchanged (same object) when the key is unknown. */
export const withPreferenceFlag = (
  current: TNotificationPreferences | undefined,
  pref: string,
  channel: TNotificationChannel,
  val: boolean,
): TNotificationPreferences | undefined => {
  const flags = current?.[pref];
  if (!current || !flags || flags[channel] === val) return current;
  return { ...current, [pref]: { ...flags, [channel]: val } };
};
