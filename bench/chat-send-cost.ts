/**
 * What one chat send costs on the platform, by room: SQL statements and wall time of `services.chat.send` (the
 * service behind the socket `message` event: store, announce, answer), one send at a time, no sockets. Explains
 * the figures of bench/chat.bench.ts (see bench/README.md, "Chat").
 *
 *   npx tsx bench/chat-send-cost.ts                         # PGlite in a temp dir
 *   CHAT_BENCH_DATABASE_URL=postgres://…/db npx tsx bench/chat-send-cost.ts
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import * as authRepo from '../server/modules/auth/auth.repository';
import * as chatRepo from '../server/modules/chat/chat.repository';
import { hashPassword } from '../server/platform/passwords';
import { createSecretToken, hashToken } from '../server/platform/tokens';
import { ADMINS, SECTOR_BROKERS } from './chat-shared';

const SENDS = Number(process.env.CHAT_COST_SENDS || 50);

let statements = 0;
const counter: KyselyPlugin = {
  transformQuery: (args) => {
    statements++;
    return args.node;
  },
  transformResult: async (args) => args.result,
};

const main = async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-chat-cost-'));
  const databaseUrl = process.env.CHAT_BENCH_DATABASE_URL || undefined;
  const handle = await openDatabase(databaseUrl ? { databaseUrl, dataDir: null } : { dataDir });
  const database = { ...handle, db: handle.db.withPlugin(counter) };
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', CHAT_MESSAGES_PER_MINUTE: '1000000' });
  const app = await buildApp({ config, database, logger: false });
  const passwordHash = await hashPassword('Bench-cost-12345');
  const runId = randomBytes(4).toString('hex');
  const insertUser = async (role: string, index: number, sector: string | null = null) =>
    (
      await handle.db
        .insertInto('users')
        .values({ email: `cost-${runId}-${role}-${index}-${sector ?? ''}@example.it`.replace(/ /g, '_'), password_hash: passwordHash, role, state: 'active', type: 'persona', name: 'N', surname: `${role} ${index}`, broker_type: sector, email_verified_at: new Date() } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  for (let index = 0; index < ADMINS; index++) await insertUser('admin', index);
  const corner = await insertUser('corner', 0);
  const token = createSecretToken();
  await authRepo.insertSession(handle.db, { id: hashToken(token), userId: corner, kind: 'cookie', impersonatorId: null, ip: '127.0.0.1', userAgent: 'bench', expiresAt: new Date(Date.now() + 3_600_000) });
  const actor = await app.services.auth.resolveSession(token, 'cookie');
  const ctx = { actor, ip: '127.0.0.1', userAgent: 'bench' } as never;

  const rooms: { name: string; roomId: string }[] = [{ name: `staff room (${1 + ADMINS} participants)`, roomId: (await chatRepo.ensureStaffRoom(handle.db, corner)).id }];
  for (const { sector, brokers } of SECTOR_BROKERS) {
    const ids: string[] = [];
    for (let index = 0; index < brokers; index++) ids.push(await insertUser('broker', index, sector));
    rooms.push({ name: `broker room ${sector} (${1 + brokers} participants)`, roomId: (await chatRepo.ensureBrokerRoom(handle.db, corner, { id: ids[0]!, sector })).id });
  }

  console.log(`${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${SENDS} sequential sends per room (after 5 discarded)`);
  for (const room of rooms) {
    for (let index = 0; index < 5; index++) await app.services.chat.send(ctx, { roomId: room.roomId, text: 'warm-up', clientId: `w${runId}${room.roomId.slice(0, 8)}${index}` });
    statements = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let index = 0; index < SENDS; index++) await app.services.chat.send(ctx, { roomId: room.roomId, text: `m ${index}`, clientId: `c${runId}${room.roomId.slice(0, 8)}${index}` });
    const ms = (performance.now() - started) / SENDS;
    const used = process.cpuUsage(cpu);
    console.log(`  ${room.name.padEnd(42)} ${(statements / SENDS).toFixed(1).padStart(5)} SQL statements/send  ${ms.toFixed(2).padStart(7)} ms/send  ${((used.user + used.system) / 1000 / SENDS).toFixed(2).padStart(7)} ms CPU/send`);
  }
  await app.close();
  await handle.close();
  await fs.rm(dataDir, { recursive: true, force: true });
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
