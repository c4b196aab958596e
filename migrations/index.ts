import type { Migration } from 'kysely';
import * as accounts from './2026-11-21T1000_accounts';
import * as coreData from './2026-11-21T1100_core-data';
import * as notifications from './2026-11-21T1200_notifications';
import * as notificationPreferencesEmail from './2026-11-21T1300_notification-preferences-email';

/** Every migration by name; names sort in the order they run. Listed here so bundling keeps them. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T1000_accounts': accounts,
  '2026-11-21T1100_core-data': coreData,
  '2026-11-21T1200_notifications': notifications,
  '2026-11-21T1300_notification-preferences-email': notificationPreferencesEmail,
};
