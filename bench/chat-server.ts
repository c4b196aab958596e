/**
 * One server of the chat benchmark, in its own process (forked by bench/chat.bench.ts):
 *
 *   bare      a plain socket.io server at /ws/ (websocket) that, on `message` with an acknowledgement, acknowledges
 *             at once with a message object and emits `newMessage` to the other members of the socket.io room
 *   durable   the bare server, but each message is first stored (one INSERT of room, sender, clientId and text into a
 *             table with no other index than its key, committed as every write of the platform is) and only then
 *             acknowledged: the least a chat that never loses an acknowledged message must do, as a floor for the
 *             platform's figures. PGlite in a temp dir, or the PostgreSQL database of CHAT_BENCH_DATABASE_URL
 *   platform  the real app (buildApp, production config, default CHAT_MESSAGES_PER_MINUTE) on PGlite in a temp dir,
 *             or on the PostgreSQL database of CHAT_BENCH_DATABASE_URL
 *   platform join
 *             another instance of the real app on the PostgreSQL database of CHAT_BENCH_DATABASE_URL, which a
 *             `platform` child has seeded (bench/chat-instances.bench.ts): it seeds nothing and answers no sockets;
 *             the users' sessions, the rooms, the bus and the limits are the database's
 *
 * All serve the same topology (bench/chat-shared.ts). Usage: node --import tsx bench/chat-server.ts bare|durable|platform [join]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Server } from 'socket.io';
import { chatSettings, roomKindOf, roomSizeOf, topology, type TServerCommand, type TServerMessage, type TServerReady, type TSocketSpec } from './chat-shared';
import { freePort } from '../server/testing/free-port';

const send = (message: TServerMessage) => process.send?.(message);


type TStarted = Omit<TServerReady, 'type' | 'setupMs'> & { close: () => Promise<void> };

const { members, senders } = topology(chatSettings.sockets, chatSettings.senders);
const firstCorner = members.findIndex((member) => member.kind === 'corner');

// ---------------------------------------------------------------------------------------------------------------
// Bare socket.io echo-with-ack

/** `store`: answers the stored message's id (durable); without it, ids are counted in memory (bare). */
const startBare = async (store?: (roomId: string, senderId: string, payload: { text: string; clientId: string }) => Promise<string>): Promise<TStarted> => {
  const httpServer = createServer();
  const io = new Server(httpServer, { path: '/ws/', transports: ['websocket'], serveClient: false });
  let nextId = 1;
  io.on('connection', (socket) => {
    const rooms = (socket.handshake.auth as { rooms?: string[] }).rooms ?? [];
    void socket.join(rooms);
    const answer = (id: string, payload: { roomId: string; text: string; clientId: string }, ack?: (answer: unknown) => void) => {
      const message = { id, roomId: payload.roomId, text: payload.text, createdAt: new Date(), sender: { id: socket.id, name: '' }, ack: false, upload: [], clientId: payload.clientId };
      ack?.(message);
      socket.to(payload.roomId).emit('newMessage', { id: payload.roomId, name: '', partecipants: [], message: { ...message, clientId: null } });
    };
    socket.on('message', (payload: { roomId: string; text: string; clientId: string }, ack?: (answer: unknown) => void) => {
      if (!store) return answer(String(nextId++), payload, ack);
      store(payload.roomId, socket.id, payload).then(
        (id) => answer(id, payload, ack),
        () => ack?.(false),
      );
    });
    socket.emit('online', true);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${port}`;

  // The same membership as the platform: a sender's room holds it and the brokers of the sector (or the admins).
  const roomsOf = members.map(() => [] as string[]);
  const senderRooms: TServerReady['senderRooms'] = [];
  for (let sender = 0; sender < senders; sender++) {
    const socket = firstCorner + sender;
    const sector = roomKindOf(sender);
    const roomId = `room-${sender}`;
    roomsOf[socket]!.push(roomId);
    members.forEach((member, index) => {
      if (sector === null ? member.kind === 'admin' : member.kind === 'broker' && member.sector === sector) roomsOf[index]!.push(roomId);
    });
    senderRooms.push({ socket, roomId, size: roomSizeOf(sector) });
  }
  return {
    url,
    origin: url,
    sockets: roomsOf.map((rooms): TSocketSpec => ({ cookie: null, auth: { rooms } })),
    senderRooms,
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Bare + durable insert

const startDurable = async (): Promise<TStarted> => {
  const [{ openDatabase }, { sql }] = await Promise.all([import('../server/db/database'), import('kysely')]);
  const databaseUrl = process.env.CHAT_BENCH_DATABASE_URL || undefined;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-chat-durable-'));
  const database = await openDatabase(databaseUrl ? { databaseUrl, dataDir: null } : { dataDir });
  await sql`create table bench_messages (id bigint generated always as identity primary key, room text not null, sender text not null, client_id text not null, text text not null, created_at timestamptz not null default now())`.execute(database.db);
  const started = await startBare(async (roomId, senderId, payload) => {
    const { rows } = await sql<{ id: string }>`insert into bench_messages (room, sender, client_id, text) values (${roomId}, ${senderId}, ${payload.clientId}, ${payload.text}) returning id`.execute(database.db);
    return String(rows[0]!.id);
  });
  return {
    ...started,
    close: async () => {
      await started.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// The platform

/** `seed`: insert the users, their sessions and the rooms (false: another instance on a database already seeded). */
const startPlatform = async (seed: boolean): Promise<TStarted> => {
  const [{ buildApp }, { loadConfig }, { openDatabase }, { hashPassword }, { createSecretToken, hashToken }, authRepo, chatRepo] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('../server/db/database'),
    import('../server/platform/passwords'),
    import('../server/platform/tokens'),
    import('../server/modules/auth/auth.repository'),
    import('../server/modules/chat/chat.repository'),
  ]);
  const databaseUrl = process.env.CHAT_BENCH_DATABASE_URL || undefined;
  if (!seed && !databaseUrl) throw new Error('platform join: another instance needs the PostgreSQL database of CHAT_BENCH_DATABASE_URL');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-chat-'));
  const database = await openDatabase(databaseUrl ? { databaseUrl, dataDir: null } : { dataDir });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: publicUrl, PORT: String(port) });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  const close = async () => {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  if (!seed) return { url: publicUrl, origin: publicUrl, sockets: [], senderRooms: [], close };

  // Users written in batches with one shared argon2 hash (nobody logs in), each with a cookie session written as
  // login writes it (a random 256-bit token, its SHA-256 in `sessions`): every handshake resolves it for real.
  const passwordHash = await hashPassword(`Bench-${randomBytes(12).toString('hex')}`);
  const runId = randomBytes(4).toString('hex');
  const rows = members.map((member, index) => ({
    email: `bench-chat-${runId}-${index}@example.it`,
    password_hash: passwordHash,
    role: member.kind,
    state: 'active' as const,
    type: 'persona' as const,
    name: member.kind === 'corner' ? 'Mario' : member.kind === 'broker' ? 'Luca' : 'Giulia',
    surname: `${member.kind} ${index}`,
    broker_type: member.kind === 'broker' ? member.sector : null,
    email_verified_at: new Date(),
  }));
  const userIds: string[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await database.db
      .insertInto('users')
      .values(rows.slice(start, start + 500) as never)
      .returning('id')
      .execute();
    userIds.push(...inserted.map((row) => row.id));
  }
  const sockets: TSocketSpec[] = [];
  for (const userId of userIds) {
    const token = createSecretToken();
    await authRepo.insertSession(database.db, {
      id: hashToken(token),
      userId,
      kind: 'cookie',
      impersonatorId: null,
      ip: '127.0.0.1',
      userAgent: 'bench/chat',
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    sockets.push({ cookie: `sid=${token}`, auth: {} });
  }

  // Each sender's room, as the chat service opens it (openRoomWith): its staff room, or its room with the first
  // broker of the sector (which every broker of the sector follows).
  const senderRooms: TServerReady['senderRooms'] = [];
  for (let sender = 0; sender < senders; sender++) {
    const socket = firstCorner + sender;
    const sector = roomKindOf(sender);
    const cornerId = userIds[socket]!;
    const brokerIndex = members.findIndex((member) => member.kind === 'broker' && member.sector === sector);
    const room = sector === null ? await chatRepo.ensureStaffRoom(database.db, cornerId) : await chatRepo.ensureBrokerRoom(database.db, cornerId, { id: userIds[brokerIndex]!, sector });
    senderRooms.push({ socket, roomId: room.id, size: roomSizeOf(sector) });
  }
  return { url: publicUrl, origin: publicUrl, sockets, senderRooms, close };
};

// ---------------------------------------------------------------------------------------------------------------

const main = async () => {
  const kind = process.argv[2];
  const join = process.argv[3] === 'join';
  if ((kind !== 'bare' && kind !== 'durable' && kind !== 'platform') || (join && kind !== 'platform')) throw new Error('usage: chat-server.ts bare|durable|platform [join]');
  const startedAt = performance.now();
  const server = kind === 'bare' ? await startBare() : kind === 'durable' ? await startDurable() : await startPlatform(!join);
  const { close, ...ready } = server;
  send({ type: 'ready', ...ready, setupMs: performance.now() - startedAt });
  let cpuMark = process.cpuUsage();
  process.on('message', (command: TServerCommand) => {
    if (command.type === 'cpu') {
      const used = process.cpuUsage(cpuMark);
      cpuMark = process.cpuUsage();
      send({ type: 'cpu', userMicros: used.user, systemMicros: used.system });
    } else if (command.type === 'stop') {
      void close()
        .catch((error: unknown) => console.error('chat-server: close failed', error))
        // A normal exit, so that --cpu-prof writes its profile.
        .finally(() => process.exit(0));
    }
  });
};

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
