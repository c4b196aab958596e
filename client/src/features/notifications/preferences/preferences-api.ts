import type { TNotificationChannel, TNotificationFlags } from '../../../../../shared/rules/notification-preferences';
import type { TNotificationPreferences } from '../../../../../shared/schemas/notifications';

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
