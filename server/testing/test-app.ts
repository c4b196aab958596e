import { seedLegacyProducts } from '../../migrations/2026-11-27T1800_legacy-products';
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type TBuildAppOptions } from '../app';
import { loadConfig, type TConfig } from '../config';
import { openDatabase, type TDatabaseHandle } from '../db/database';
import { checkContract } from './contract/contract-proxy';
import { insertUserFixture, type TUserFixture } from './fixtures';
import { readOutbox, type TOutboxMail } from './outbox';
import { createTestDatabase } from './test-database';

export type TTestApp = {
  app: FastifyInstance;
  database: TDatabaseHandle;
  config: TConfig;
  /** Removes every row, keeping the schema and the default settings. */
  reset: () => Promise<void>;
  createUser: (input: TUserFixture) => Promise<{ id: string }>;
  /** Logs in through the public API and returns the Cookie header value to send back. */
  login: (email: string, password: string) => Promise<string>;
  /** E-mails written to the outbox so far, oldest first. */
  readMails: () => Promise<TOutboxMail[]>;
  close: () => Promise<void>;
};

export const sessionCookieOf = (response: LightMyRequestResponse): string => {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `sid=${cookie.value}`;
};

/** The app on a fresh test database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with a temp DATA_DIR. */
export const createTestApp = async (
  env: Record<string, string> = {},
  options: { mail?: TBuildAppOptions['mail']; push?: TBuildAppOptions['push']; jobs?: TBuildAppOptions['jobs'] } = {},
): Promise<TTestApp> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'platform-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SUPPORT_EMAIL: 'assistenza@example.it',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false, mail: options.mail, push: options.push, jobs: options.jobs });
  await app.ready();
  // With the contract check on (CONTRACT_CHECK=1: CI, npm run test:contract) every app.inject is also checked by Prism; elsewhere nothing changes.
  checkContract(app);
  const outbox = path.join(dataDir, 'outbox');

  return {
    app,
    database,
    config,
    reset: async () => {
      await app.services.notifications.idle();
      await app.emailOutbox.drain();
      await app.mailer.idle();
      const db = database.db;
      // The ledger and the practices' and payments' histories are append-only (triggers refuse update, delete and truncate): they are
      // emptied with triggers off for this one transaction (`replica`), the rest below with its usual checks.
      await db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`truncate ledger_entries, practice_events, payment_events, settings_history, product_versions`.execute(trx);
      });
      for (const table of ['jobs', 'email_outbox', 'audit_log', 'sessions', 'user_tokens', 'notifications', 'realtime_payloads', 'payouts', 'payout_profiles', 'referrals', 'referral_codes', 'giftcard_choices', 'giftcard_catalogue', 'giftcard_categories', 'giftcards', 'payments', 'precontract_otps', 'precontracts', 'precontract_templates', 'practice_quotations', 'practices', 'insurance_agencies', 'clients', 'news', 'rate_limits', 'products'] as const) {
        await db.deleteFrom(table).execute();
      }
      await db.deleteFrom('users').execute();
      // A fresh install has the catalogue of before issue 29 as version-1 products (its migration): so has every test.
      await seedLegacyProducts(db);
      await fs.rm(outbox, { recursive: true, force: true });
      for (const limiter of Object.values(app.authLimits)) await limiter.clear();
    },
    createUser: (input) => insertUserFixture(database.db, input),
    login: async (email, password) => {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      return sessionCookieOf(response);
    },
    readMails: async () => {
      await app.emailOutbox.drain();
      await app.mailer.idle();
      return readOutbox(outbox);
    },
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * Registers the usual lifecycle in a test file: one app per file, every table emptied before each test. The
 * returned object stands for that app once `beforeAll` has run.
 */
export const useTestApp = (env: Record<string, string> = {}, options: Parameters<typeof createTestApp>[1] = {}): TTestApp => {
  let current: TTestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(async () => {
    await current!.reset();
  });
  return new Proxy({} as TTestApp, {
    get: (_, property: keyof TTestApp) => {
      if (!current) throw new Error('useTestApp: the app exists only inside tests and hooks');
      return current[property];
    },
  });
};

/**
 * A second instance of the app on the same PostgreSQL database, as behind a load balancer: its own pool, bus
 * and session cache. Close it before the primary, which drops the database.
 */
export const createPeerApp = async (primary: TTestApp): Promise<{ app: FastifyInstance; close: () => Promise<void> }> => {
  const databaseUrl = primary.database.connectionString;
  if (!databaseUrl) throw new Error('createPeerApp needs PostgreSQL (TEST_DATABASE_URL)');
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 3 });
  const app = await buildApp({ config: primary.config, database, logger: false });
  await app.ready();
  checkContract(app);
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
