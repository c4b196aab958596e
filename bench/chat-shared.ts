/**
 * What the processes of the chat benchmark (bench/chat.bench.ts) share: the topology (who is connected, who sends
 * into which room), the IPC messages, the clock and the message text. Nothing here imports the server.
 */

/** Microseconds on CLOCK_MONOTONIC: senders and receivers live in one client process, so one clock. */
export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

const intFromEnv = (name: string, fallback: number, min: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  return value;
};

export const chatSettings = {
  sockets: intFromEnv('CHAT_BENCH_SOCKETS', 2000, 60),
  /** Share of the sockets that send one message per second. */
  senders: intFromEnv('CHAT_BENCH_SENDERS', 200, 1),
  warmupSeconds: intFromEnv('CHAT_BENCH_WARMUP', 5, 0),
  durationSeconds: intFromEnv('CHAT_BENCH_DURATION', 20, 1),
};

/**
 * Rooms of 2 to 20 participants, as the platform defines rooms:
 * - a broker room is a corner + every broker of the room's sector: sectors with 1, 4, 9, 14 and 19 brokers give
 *   rooms of 2, 5, 10, 15 and 20 participants;
 * - a staff room is a corner + every admin: 3 admins give rooms of 4.
 * Every other socket is a corner (one socket per user); the first `senders` corners send, each into one room
 * (round robin over the 5 sectors and the staff), the others stay connected and idle.
 */
export const SECTOR_BROKERS = [
  { sector: 'RC Auto', brokers: 1 },
  { sector: 'altri rami', brokers: 4 },
  { sector: 'fideiussioni', brokers: 9 },
  { sector: 'gpl', brokers: 14 },
  { sector: 'luce e gas', brokers: 19 },
] as const;
export const ADMINS = 3;

export type TMember = { kind: 'admin'; index: number } | { kind: 'broker'; sector: string; index: number } | { kind: 'corner'; index: number };

/** Where a sender sends: the broker room of a sector (null: its staff room). */
export const roomKindOf = (senderIndex: number): string | null => {
  const slot = senderIndex % (SECTOR_BROKERS.length + 1);
  return slot < SECTOR_BROKERS.length ? SECTOR_BROKERS[slot]!.sector : null;
};

/** Socket i: the admins first, then the brokers sector by sector, then the corners (senders first). */
export const topology = (sockets: number, senders: number) => {
  const members: TMember[] = [];
  for (let index = 0; index < ADMINS; index++) members.push({ kind: 'admin', index });
  for (const { sector, brokers } of SECTOR_BROKERS) for (let index = 0; index < brokers; index++) members.push({ kind: 'broker', sector, index });
  const corners = sockets - members.length;
  if (corners < senders) throw new Error(`${sockets} sockets leave ${corners} corners for ${senders} senders`);
  for (let index = 0; index < corners; index++) members.push({ kind: 'corner', index });
  return { members, corners, senders };
};

/** Room size (participants) of a sender's room. */
export const roomSizeOf = (sector: string | null) => 1 + (sector === null ? ADMINS : SECTOR_BROKERS.find((entry) => entry.sector === sector)!.brokers);

/** The text of a message: who sent it, its sequence and the send time, read back by every receiver. */
export const messageText = (sender: number, seq: number, sentAtMicros: number) => `bench s=${sender} q=${seq} t=${sentAtMicros}`;
export const parseMessageText = (text: string): { sender: number; seq: number; sentAtMicros: number } | null => {
  const match = /^bench s=(\d+) q=(\d+) t=(\d+)$/.exec(text);
  return match ? { sender: Number(match[1]), seq: Number(match[2]), sentAtMicros: Number(match[3]) } : null;
};

// ---------------------------------------------------------------------------------------------------------------
// IPC

export type TServerKind = 'bare' | 'durable' | 'platform';

/**
 * One socket to open: the cookie of its user's session (platform) or its handshake auth (bare); `server`, the index
 * in the plan's `servers` of the instance it connects to (bench/chat-instances.bench.ts), otherwise the plan's url.
 */
export type TSocketSpec = { cookie: string | null; auth: Record<string, unknown>; server?: number };

export type TServerReady = {
  type: 'ready';
  url: string;
  origin: string;
  sockets: TSocketSpec[];
  /** Per sender (corner socket index = sender index + ADMINS + brokers): its room id and size. */
  senderRooms: { socket: number; roomId: string; size: number }[];
  setupMs: number;
};
export type TServerMessage = TServerReady | { type: 'error'; message: string } | { type: 'cpu'; userMicros: number; systemMicros: number };
export type TServerCommand = { type: 'cpu' } | { type: 'stop' };

export type TClientsPlan = {
  type: 'run';
  url: string;
  origin: string;
  /** Several instances: where a socket whose spec names `server` connects (its URL and the Origin it sends). */
  servers?: { url: string; origin: string }[];
  sockets: TSocketSpec[];
  senderRooms: TServerReady['senderRooms'];
  warmupSeconds: number;
  durationSeconds: number;
};

export type TClientsResult = {
  type: 'result';
  connectMs: number;
  /** Latencies (µs) of measured messages: send → acknowledgement at the sender. */
  ackMicros: number[];
  /** Latencies (µs): send → newMessage at every other participant's socket. */
  deliveryMicros: number[];
  /**
   * Per delivery of an acknowledged measured message: its arrival − the arrival of the message's answer at the
   * sender (µs; negative when the delivery was read first). What the fan-out adds after the store: on one instance
   * the local fan-out, across instances the NOTIFY hop and the other instance's fan-out.
   */
  afterAckMicros: number[];
  sent: number;
  acked: number;
  /** Measured sends answered `false` or not answered within 10 s. */
  failed: number;
  /** Of those, answered `false`. */
  refused: number;
  /** Deliveries expected for the measured acknowledged messages (room size - 1 each) and received. */
  deliveriesExpected: number;
  deliveriesReceived: number;
  /** newMessage events a sender's connection got for its own messages (none expected: the answer carries them). */
  selfEchoes: number;
  clientCpuPercent: number;
};
export type TClientsMessage = TClientsResult | { type: 'connected'; sockets: number; ms: number } | { type: 'error'; message: string };
