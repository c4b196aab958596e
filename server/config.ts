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
    SUPPORT_EMAIL: z.email({ error: 'deve essere un indirizzo email' }).default('assistenza@localhost.it'),
    TRUST_PROXY: ZBoolean.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CLIENT_DIR: z.string().default('./dist/client'),
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
    supportEmail: env.SUPPORT_EMAIL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    clientDir: path.resolve(env.CLIENT_DIR),
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
