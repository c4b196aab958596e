import type { Generated } from 'kysely';
import type { NullableTimestamp, Json } from '../../db/types';

export interface NotificationsTable {
  /** bigint identity: a string from pg, a bigint from PGlite; read it through String(). */
  id: Generated<string>;
  user_id: string;
  kind: Generated<string>;
  data: Json;
  created_at: Generated<Date>;
  read_at: NullableTimestamp;
}

export interface NotificationPreferencesTable {
  user_id: string;
  key: string;
  email: boolean;
  webpush: boolean;
  updated_at: Generated<Date>;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiration_time: Date | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_success_at: Date | null;
  failures: Generated<number>;
}

export interface EmailOutboxTable {
  /** bigint identity: read it through String(). */
  id: Generated<string>;
  to: string;
  subject: string;
  text: string;
  /** pending, sending (claimed by a worker until next_attempt_at) or sent. */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
}

/** The tables of module notifications by name (`notifications`, `notification_preferences`, `push_subscriptions`, `email_outbox`). */
export type TNotificationsTables = {
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  email_outbox: EmailOutboxTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TNotificationsTables {}
}
