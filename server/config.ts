import path from 'node:path';
import { z } from 'zod';

const ZBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'deve essere true o false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number({ error: 'deve essere un numero di porta' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'deve iniziare con postgres:// o postgresql://' })
      .optional(),
    PUBLIC_URL: z.url({ error: 'deve essere un URL completo, ad esempio https://app.example.it' }).optional(),
    ADMIN_EMAIL: z.email({ error: 'deve essere un indirizzo email' }).default('admin@localhost.it'),
    ADMIN_PASSWORD: z.string().min(8, { error: 'deve avere almeno 8 caratteri' }).optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'deve iniziare con smtp:// o smtps://' }).optional(),
    MAIL_FROM: z.string().min(3).default('Piattaforma Intermediari <no-reply@localhost.it>'),
    MAIL_SEND_TIMEOUT_SECONDS: z.coerce.number({ error: 'deve essere un numero di secondi' }).int().min(1).max(3600).default(300),
    SUPPORT_EMAIL: z.email({ error: 'deve essere un indirizzo email' }).default('assistenza@localhost.it'),
    TRUST_PROXY: ZBoolean.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    METRICS_TOKEN: z.string().regex(/^[A-Za-z0-9._~+/=-]{16,}$/, { error: 'deve avere almeno 16 caratteri (lettere, cifre, . _ ~ + / = -)' }).optional(),
    CLIENT_DIR: z.string().default('./dist/client'),
    UPLOAD_MAX_FILE_MB: z.coerce.number({ error: 'deve essere un numero di MB' }).positive().max(1024).default(20),
    UPLOAD_MAX_FILES: z.coerce.number({ error: 'deve essere un numero intero' }).int().min(1).max(100).default(10),
    UPLOAD_MAX_TOTAL_MB: z.coerce.number({ error: 'deve essere un numero di MB' }).positive().max(4096).default(50),
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number({ error: 'deve essere un numero intero' }).int().min(1).max(1_000_000).default(120),
    FILES_ORPHAN_GRACE_SECONDS: z.coerce.number({ error: 'deve essere un numero di secondi' }).int().min(1).max(30 * 24 * 3600).default(3600),
    SOCKET_EVENTS_PER_MINUTE: z.coerce.number({ error: 'deve essere un numero intero' }).int().min(1).max(1_000_000).default(600),
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,90}$/, { error: 'deve essere una chiave VAPID pubblica in base64url' }).optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,46}$/, { error: 'deve essere una chiave VAPID privata in base64url' }).optional(),
    VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, { error: 'deve iniziare con mailto: o https://' }).optional(),
    STORAGE: z.enum(['disk', 's3'], { error: 'deve essere disk o s3' }).default('disk'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'deve essere un nome di bucket valido (3-63 caratteri: minuscole, cifre, punti, trattini)' })
      .optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'deve essere un URL http:// o https://, ad esempio http://minio:9000' }).optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]+$/, { error: 'deve essere una regione, ad esempio eu-south-1' }).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, { error: 'deve essere un percorso relativo, ad esempio piattaforma/ (lettere, cifre, . _ - separati da /)' })
      .refine((prefix) => !prefix.split('/').some((segment) => segment === '.' || segment === '..'), { error: 'non può contenere . o ..' })
      .optional(),
    S3_FORCE_PATH_STYLE: ZBoolean.optional(),
  })
  .refine((env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY), {
    error: 'VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vanno indicate insieme',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE !== 's3') return;
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'è obbligatoria con STORAGE=s3' });
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    adminEmail: env.ADMIN_EMAIL.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** Longest one SMTP delivery may take; an e-mail claimed by a worker that died is retried after it. */
    mailSendTimeoutSeconds: env.MAIL_SEND_TIMEOUT_SECONDS,
    supportEmail: env.SUPPORT_EMAIL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    /** Bearer token of `/metrics` (Prometheus); unset, the endpoint is off (404). */
    metricsToken: env.METRICS_TOKEN,
    clientDir: path.resolve(env.CLIENT_DIR),
    /** Upload limits (per file, files per request, whole request), answered early with 413. */
    uploads: { maxFileBytes: Math.round(env.UPLOAD_MAX_FILE_MB * 1024 * 1024), maxFiles: env.UPLOAD_MAX_FILES, maxTotalBytes: Math.round(env.UPLOAD_MAX_TOTAL_MB * 1024 * 1024) },
    /** Chat messages (and uploads) one user may send per minute. */
    chatMessagesPerMinute: env.CHAT_MESSAGES_PER_MINUTE,
    /**
     * After how long a stored content with no `files` row (an upload or a generated file cut short by a crash) and
     * a temporary file of an unfinished write are removed by the sweeper.
     */
    filesOrphanGraceMs: env.FILES_ORPHAN_GRACE_SECONDS * 1000,
    /** socket.io events (every kind: messages, acknowledgements, `ready`) one user may send per minute. */
    socketEventsPerMinute: env.SOCKET_EVENTS_PER_MINUTE,
    /** Web push keys; when absent they are generated once and stored in the database. */
    vapid: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null,
    vapidSubject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
    /**
     * Where file contents live: DATA_DIR/files, or an S3-compatible bucket (keys under `prefix`, which ends with a
     * slash; path-style addresses by default when an endpoint is given, as MinIO and most others want).
     */
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3' as const,
            bucket: env.S3_BUCKET!,
            prefix: env.S3_PREFIX ? env.S3_PREFIX.replace(/\/?$/, '/') : '',
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
          }
        : { kind: 'disk' as const },
  }));

export type TConfig = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a message naming the variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): TConfig => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = ZConfig.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configurazione non valida:\n${lines.join('\n')}`);
  }
  return result.data;
};
