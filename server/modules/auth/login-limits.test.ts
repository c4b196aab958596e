import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { checkContract } from '../../testing/contract/contract-proxy';
import { createPeerApp, createTestApp, useTestApp } from '../../testing/test-app';

const t = useTestApp();
const PASSWORD = 'Segreta123';

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip }).then((response) => response.statusCode);

/** Eight wrong passwords for `email`, each from its own address: the account is locked. */
const lockAccount = async (app: FastifyInstance, email: string) => {
  for (let i = 0; i < 8; i++) expect(await login(app, email, `Sbagliata${i}`, `10.20.0.${i + 1}`)).toBe(401);
};

describe('login limits', () => {
  it('lets 30 people behind one address log in three times each', async () => {
    const emails = Array.from({ length: 30 }, (_, index) => `ufficio${index}@example.it`);
    for (const email of emails) await t.createUser({ email, password: PASSWORD });
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const email of emails) statuses.push(await login(t.app, email, PASSWORD, '192.0.2.10'));
    }
    expect(statuses).toEqual(statuses.map(() => 200));
  });

  it('still limits failures from one address, whatever the account', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    for (let i = 0; i < 30; i++) expect(await login(t.app, `tentativo${i}@example.it`, 'Qualsiasi1', '192.0.2.20')).toBe(401);
    expect(await login(t.app, 'tentativo99@example.it', 'Qualsiasi1', '192.0.2.20')).toBe(429);
    // That address is locked out, even with the right password; the account itself is not.
    expect(await login(t.app, 'corner@example.it', PASSWORD, '192.0.2.20')).toBe(429);
    expect(await login(t.app, 'corner@example.it', PASSWORD, '192.0.2.21')).toBe(200);
  });

  it('keeps an account lock-out across a restart of the app on the same database', async () => {
    const first = await createTestApp();
    let second: FastifyInstance | undefined;
    try {
      await first.createUser({ email: 'corner@example.it', password: PASSWORD });
      await lockAccount(first.app, 'corner@example.it');
      expect(await login(first.app, 'corner@example.it', PASSWORD, '10.30.0.1')).toBe(429);
      await first.app.close();
      second = await buildApp({ config: first.config, database: first.database, logger: false });
      await second.ready();
      checkContract(second);
      expect(await login(second, 'corner@example.it', PASSWORD, '10.30.0.2')).toBe(429);
    } finally {
      await second?.close();
      await first.database.close();
      await fs.rm(first.config.dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('login limits across instances (PostgreSQL)', () => {
  it('locks an account on every instance once it is locked on one', async () => {
    const peer = await createPeerApp(t);
    try {
      await t.createUser({ email: 'corner@example.it', password: PASSWORD });
      await lockAccount(t.app, 'corner@example.it');
      expect(await login(peer.app, 'corner@example.it', PASSWORD, '10.40.0.1')).toBe(429);
    } finally {
      await peer.close();
    }
  });
});
