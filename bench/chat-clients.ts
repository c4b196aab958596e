/**
 * The clients of the chat benchmark, in their own process (forked by bench/chat.bench.ts): every socket of the
 * plan (socket.io-client, websocket transport, path /ws/), the senders sending one message per second each
 * (first send at a random moment of the first second, then every 1000 ms ± 50 ms), and the latencies measured
 * here on one clock: send → acknowledgement at the sender, send → `newMessage` at every other participant.
 */
import { io, type Socket } from 'socket.io-client';
import { messageText, monotonicMicros, parseMessageText, type TClientsMessage, type TClientsPlan } from './chat-shared';

/** Answers once the message has left: the result is large (every latency), and an exit right after process.send can lose it. */
const send = (message: TClientsMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) resolve();
    else process.send(message, () => resolve());
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ACK_TIMEOUT_MS = 10_000;
const CONNECT_BATCH = 50;

const connect = (plan: TClientsPlan, index: number): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const spec = plan.sockets[index]!;
    const server = spec.server === undefined ? plan : plan.servers?.[spec.server];
    if (!server) throw new Error(`socket ${index}: no server ${spec.server} in the plan`);
    const socket = io(server.url, {
      path: '/ws/',
      transports: ['websocket'],
      extraHeaders: { origin: server.origin, ...(spec.cookie ? { cookie: spec.cookie } : {}) },
      auth: spec.auth,
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.once('online', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket ${index}: ${error.message}`)));
  });

const run = async (plan: TClientsPlan) => {
  const connectStart = performance.now();
  const sockets: Socket[] = [];
  for (let start = 0; start < plan.sockets.length; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, plan.sockets.length - start) }, (_, offset) => connect(plan, start + offset));
    sockets.push(...(await Promise.all(batch)));
  }
  const connectMs = performance.now() - connectStart;
  void send({ type: 'connected', sockets: sockets.length, ms: connectMs });

  const senderOfSocket = new Map(plan.senderRooms.map((room, sender) => [room.socket, sender]));
  let measuring = false;
  let measureFrom = Number.POSITIVE_INFINITY;
  const ackMicros: number[] = [];
  const deliveryMicros: number[] = [];
  /** Deliveries per measured message (`sender:seq`), counted at the end for the acknowledged ones only. */
  const deliveriesOf = new Map<string, number>();
  const ackedKeys = new Set<string>();
  /** When the sender got the answer of a measured message, and when each of its deliveries arrived (µs). */
  const ackedAt = new Map<string, number>();
  const deliveredAt: { key: string; at: number }[] = [];
  let selfEchoes = 0;
  sockets.forEach((socket, index) => {
    const ownSender = senderOfSocket.get(index);
    socket.on('newMessage', (event: { message: { text: string } }) => {
      const now = monotonicMicros();
      const parsed = parseMessageText(event.message.text);
      if (!parsed) return;
      if (parsed.sender === ownSender) {
        selfEchoes++;
        return;
      }
      if (parsed.sentAtMicros < measureFrom) return;
      const key = `${parsed.sender}:${parsed.seq}`;
      deliveriesOf.set(key, (deliveriesOf.get(key) ?? 0) + 1);
      deliveryMicros.push(now - parsed.sentAtMicros);
      deliveredAt.push({ key, at: now });
    });
  });

  let sent = 0;
  let acked = 0;
  let failed = 0;
  /** Failures answered `false` (the others timed out after ACK_TIMEOUT_MS). */
  let refused = 0;
  let deliveriesExpected = 0;
  let stopped = false;
  const runId = Date.now().toString(36);
  const senderLoops = plan.senderRooms.map(async (room, sender) => {
    const socket = sockets[room.socket]!;
    await sleep(Math.random() * 1000);
    let sequence = 0;
    let nextAt = performance.now();
    while (!stopped) {
      const seq = ++sequence;
      const sentAt = monotonicMicros();
      const counted = measuring && sentAt >= measureFrom;
      if (counted) sent++;
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('message', { roomId: room.roomId, text: messageText(sender, seq, sentAt), clientId: `b${runId}-${sender}-${seq}` })
        .then(
          (answer: unknown) => {
            const now = monotonicMicros();
            const latency = now - sentAt;
            if (!counted) return;
            if (answer && typeof answer === 'object') {
              acked++;
              ackedKeys.add(`${sender}:${seq}`);
              ackedAt.set(`${sender}:${seq}`, now);
              ackMicros.push(latency);
              deliveriesExpected += room.size - 1;
            } else {
              failed++;
              refused++;
            }
          },
          () => {
            if (counted) failed++;
          },
        );
      nextAt += 950 + Math.random() * 100;
      await sleep(Math.max(0, nextAt - performance.now()));
    }
  });

  await sleep(plan.warmupSeconds * 1000);
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  measuring = true;
  measureFrom = monotonicMicros();
  await sleep(plan.durationSeconds * 1000);
  stopped = true;
  await Promise.all(senderLoops);
  // Answers and deliveries of the last messages.
  await sleep(3000);
  const cpu = process.cpuUsage(cpuBefore);
  const clientCpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore)) * 100;
  for (const socket of sockets) socket.close();
  let deliveriesReceived = 0;
  for (const key of ackedKeys) deliveriesReceived += deliveriesOf.get(key) ?? 0;
  const afterAckMicros: number[] = [];
  for (const { key, at } of deliveredAt) {
    const ack = ackedAt.get(key);
    if (ack !== undefined) afterAckMicros.push(at - ack);
  }
  await send({ type: 'result', connectMs, ackMicros, deliveryMicros, afterAckMicros, sent, acked, failed, refused, deliveriesExpected, deliveriesReceived, selfEchoes, clientCpuPercent });
};

process.on('message', (plan: TClientsPlan) => {
  if (plan.type !== 'run') return;
  run(plan).then(
    () => process.exit(0),
    (error: unknown) => {
      void send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }).finally(() => process.exit(1));
    },
  );
});
