import type { ColumnType, Generated, Selectable, Insertable, Updateable } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json<T = unknown> = ColumnType<T, string, string>;

export interface AppSecretsTable {
  key: string;
  value: Json;
  created_at: Generated<Date>;
}

export interface RealtimePayloadsTable {
  id: Generated<string>;
  payload: string;
  created_at: Generated<Date>;
}

/** One rate-limit or lock-out counter: `<limiter>:<ip or address>`, points in the window ending at reset_at. */
export interface RateLimitsTable {
  key: string;
  points: number;
  reset_at: Timestamp;
}

export interface JobsTable {
  /** bigint identity: read it through String(). */
  id: Generated<string>;
  name: string;
  payload: Json;
  /** pending, running (claimed until locked_until), done or failed (max_attempts reached). */
  state: Generated<string>;
  run_at: Generated<Date>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  last_error: string | null;
  locked_until: NullableTimestamp;
  /** Unique when set: enqueuing the same key again adds nothing. */
  singleton_key: string | null;
  created_at: Generated<Date>;
  done_at: NullableTimestamp;
}

/**
 * Every table by name, for Kysely. The platform's own tables are listed here; each module adds its tables from its
 * `<module>.tables.ts` (`declare module '../../db/types'`), so adding a module edits no list here. (It is not
 * derived from the list of modules: the services' types depend on this one, and the modules' on the services.)
 */
export interface Database {
  app_secrets: AppSecretsTable;
  realtime_payloads: RealtimePayloadsTable;
  rate_limits: RateLimitsTable;
  jobs: JobsTable;
}

// The tables of the modules by their former names here (the interfaces live in each module's tables file).
export type UsersTable = Database['users'];
export type SessionsTable = Database['sessions'];
export type UserTokensTable = Database['user_tokens'];
export type AuditLogTable = Database['audit_log'];
export type SettingsTable = Database['settings'];
export type ClientsTable = Database['clients'];
export type PaymentsTable = Database['payments'];
export type GiftcardsTable = Database['giftcards'];
export type NewsTable = Database['news'];
export type NotificationsTable = Database['notifications'];
export type NotificationPreferencesTable = Database['notification_preferences'];
export type PushSubscriptionsTable = Database['push_subscriptions'];
export type EmailOutboxTable = Database['email_outbox'];
export type ChatRoomsTable = Database['chat_rooms'];
export type ChatParticipantsTable = Database['chat_participants'];
export type ChatMessagesTable = Database['chat_messages'];
export type ChatReceiptsTable = Database['chat_receipts'];
export type ContractsTable = Database['contracts'];
export type ContractOtpsTable = Database['contract_otps'];
export type PendingBlobsTable = Database['pending_blobs'];
export type FilesTable = Database['files'];

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ClientRow = Selectable<ClientsTable>;
export type NewClient = Insertable<ClientsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type GiftcardRow = Selectable<GiftcardsTable>;
export type NewsRow = Selectable<NewsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
