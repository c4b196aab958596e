import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  role: string;
  state: string;
  type: string;
  name: Generated<string>;
  surname: Generated<string>;
  business: Generated<string>;
  vat: Generated<string>;
  cf: Generated<string>;
  tax_regime: string | null;
  has_employee: Generated<boolean>;
  phone: Generated<string>;
  img_path: string | null;
  broker_type: string | null;
  email_verified_at: NullableTimestamp;
  privacy_accepted_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  kind: string;
  impersonator_id: string | null;
  /** For a bearer (impersonation) session: the admin session that issued it; it ends with that session. */
  impersonator_session_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface UserTokensTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<string>;
  created_at: Generated<Date>;
  admin_id: string;
  user_id: string;
  action: string;
  method: string | null;
  path: string | null;
  status_code: number | null;
  ip: string | null;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: Generated<Date>;
}

export interface ClientsTable {
  id: Generated<string>;
  corner_id: string;
  type: string;
  name: Generated<string>;
  surname: Generated<string>;
  business: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  cf: Generated<string>;
  vat: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface PaymentsTable {
  id: Generated<string>;
  corner_id: string;
  description: string;
  amount_cents: number;
  status: string;
  due_date: NullableTimestamp;
  paid_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface GiftcardsTable {
  id: Generated<string>;
  corner_id: string;
  name: string;
  amount_cents: number;
  code: string;
  created_at: Generated<Date>;
}

export interface NewsTable {
  id: Generated<string>;
  title: string | null;
  text: string;
  published_at: Generated<Date>;
  created_at: Generated<Date>;
  created_by: string | null;
}

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

export interface AppSecretsTable {
  key: string;
  value: Json;
  created_at: Generated<Date>;
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

export interface RealtimePayloadsTable {
  id: Generated<string>;
  payload: string;
  created_at: Generated<Date>;
}

export interface ChatRoomsTable {
  id: Generated<string>;
  type: string;
  owner_id: string;
  broker_id: string | null;
  sector: string | null;
  practice_id: string | null;
  created_at: Generated<Date>;
}

export interface ChatParticipantsTable {
  room_id: string;
  user_id: string;
  joined_at: Generated<Date>;
}

export interface ChatMessagesTable {
  id: Generated<string>;
  room_id: string;
  sender_id: string;
  client_id: string | null;
  text: string;
  upload: Json;
  created_at: Generated<Date>;
}

export interface ChatReceiptsTable {
  message_id: string;
  recipient: string;
  room_id: string;
  acked_at: NullableTimestamp;
  acked_by: string | null;
  ack_seq: string | null;
}

export interface ContractsTable {
  user_id: string;
  /** none, sent or completed (spec section 4, contract progress). */
  progress: Generated<string>;
  generated_file_id: string | null;
  generated_sha256: string | null;
  generated_fingerprint: string | null;
  template_file_id: string | null;
  generated_at: NullableTimestamp;
  signed_file_id: string | null;
  signed_sha256: string | null;
  signed_at: NullableTimestamp;
  evidence: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ContractOtpsTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  channel: string;
  destination: string;
  document_file_id: string;
  document_sha256: string;
  attempts: Generated<number>;
  max_attempts: number;
  ip: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  invalidated_at: NullableTimestamp;
}

/** One rate-limit or lock-out counter: `<limiter>:<ip or address>`, points in the window ending at reset_at. */
export interface RateLimitsTable {
  key: string;
  points: number;
  reset_at: Timestamp;
}

/** Keys of stored contents whose `files` row is not written yet (see the blob sweeper). */
export interface PendingBlobsTable {
  storage_key: string;
  created_at: Generated<Date>;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  clients: ClientsTable;
  payments: PaymentsTable;
  giftcards: GiftcardsTable;
  news: NewsTable;
  notifications: NotificationsTable;
  realtime_payloads: RealtimePayloadsTable;
  notification_preferences: NotificationPreferencesTable;
  email_outbox: EmailOutboxTable;
  app_secrets: AppSecretsTable;
  push_subscriptions: PushSubscriptionsTable;
  chat_rooms: ChatRoomsTable;
  chat_participants: ChatParticipantsTable;
  chat_messages: ChatMessagesTable;
  chat_receipts: ChatReceiptsTable;
  contracts: ContractsTable;
  contract_otps: ContractOtpsTable;
  rate_limits: RateLimitsTable;
  pending_blobs: PendingBlobsTable;
  jobs: JobsTable;
}

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
