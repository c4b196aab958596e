import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { insertUserFixture, type TUserFixture } from './fixtures';
import { readOutbox } from './outbox';
import { createTestDatabase } from './test-database';
import { freePort } from './free-port';

/**
 * A real listening server on a free port with a fresh database and the built client (dist/client), for
 * browser and realtime tests.
 */
export const startTestServer = async (options: { env?: Record<string, string> } = {}) => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'platform-e2e-'));
  const database = await createTestDatabase();
  // The port is chosen first: PUBLIC_URL is the origin browsers act from (the origin check trusts only it).
  const freeListenPort = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CLIENT_DIR: path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client'),
    PORT: String(freeListenPort),
    PUBLIC_URL: `http://127.0.0.1:${freeListenPort}`,
    ...options.env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    /** The test database, for seeding rows no API writes yet (news, payments). */
    db: database.db,
    createUser: (input: TUserFixture) => insertUserFixture(database.db, input),
    /** E-mails sent so far (registration links, recovery links), oldest first. */
    readMails: async () => {
      await app.emailOutbox.drain();
      await app.mailer.idle();
      return readOutbox(path.join(dataDir, 'outbox'));
    },
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};
