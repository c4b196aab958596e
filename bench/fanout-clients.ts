/**
 * The clients of the fan-out benchmark, in a process of their own (forked by bench/fanout.bench.ts): N sockets to
 * one server, each recording when every event reached it. Platform: socket.io-client over websocket at /ws/ with
 * its session cookie and the server's Origin, as a browser would connect; bare: a plain `ws` client.
 *
 * Latency of a delivery = monotonic clock when this process's handler ran − the server's send time carried in
 * the event (same machine, same CLOCK_MONOTONIC). It therefore includes the time this process took to get to that
 * socket: all N frames arrive at once and one event loop reads them one after the other.
 */
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { SOCKET_PATH } from '../shared/realtime';
import { FANOUT_EVENT, monotonicMicros, parseEventText, type TClientCommand, type TClientMessage } from './fanout-shared';

const send = (message: TClientMessage) => process.send?.(message);

type TRecorder = { seen: Map<number, number> };

let firstMeasuredSeqHint = 0;
const recorders: TRecorder[] = [];
const closers: (() => void)[] = [];
let disconnects = 0;
let connectErrors = 0;
let duplicates = 0;
let cpuStart = process.cpuUsage();
let wallStart = monotonicMicros();

const record = (recorder: TRecorder, text: unknown) => {
  const receivedAt = monotonicMicros();
  if (typeof text !== 'string') return;
  const parsed = parseEventText(text);
  if (!parsed) return;
  if (recorder.seen.has(parsed.seq)) duplicates++;
  else recorder.seen.set(parsed.seq, receivedAt - parsed.sentAtMicros);
};

const connectSocketIo = (url: string, origin: string, sid: string) =>
  new Promise<void>((resolve, reject) => {
    const recorder: TRecorder = { seen: new Map() };
    const socket: Socket = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie: `sid=${sid}`, origin },
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.on(FANOUT_EVENT, (message: { text?: unknown }) => record(recorder, message?.text));
    socket.once('connect', () => {
      recorders.push(recorder);
      closers.push(() => socket.close());
      socket.on('disconnect', () => disconnects++);
      resolve();
    });
    socket.once('connect_error', (error) => {
      connectErrors++;
      socket.close();
      reject(new Error(`socket.io connect_error: ${error.message}`));
    });
  });

const connectWs = (url: string, origin: string) =>
  new Promise<void>((resolve, reject) => {
    const recorder: TRecorder = { seen: new Map() };
    const socket = new WebSocket(url, { headers: { origin } });
    socket.on('message', (data) => {
      const [event, payload] = JSON.parse(String(data)) as [string, { text?: unknown }];
      if (event === FANOUT_EVENT) record(recorder, payload?.text);
    });
    socket.once('open', () => {
      recorders.push(recorder);
      closers.push(() => socket.close());
      socket.on('close', () => disconnects++);
      resolve();
    });
    socket.once('error', (error) => {
      connectErrors++;
      reject(error);
    });
  });

process.on('message', (command: TClientCommand) => {
  void (async () => {
    try {
      if (command.type === 'connect') {
        const startedAt = performance.now();
        let next = 0;
        const worker = async () => {
          while (next < command.count) {
            const index = next++;
            if (command.kind === 'platform') await connectSocketIo(command.url, command.origin, command.sessions![index]!);
            else await connectWs(command.url, command.origin);
          }
        };
        await Promise.all(Array.from({ length: Math.min(command.concurrency, command.count) }, worker));
        cpuStart = process.cpuUsage();
        wallStart = monotonicMicros();
        send({ type: 'connected', sockets: recorders.length, connectMs: Math.round(performance.now() - startedAt) });
      } else if (command.type === 'report') {
        firstMeasuredSeqHint = command.firstMeasuredSeq;
        const cpu = process.cpuUsage(cpuStart);
        const latenciesMicros: number[] = [];
        const latenciesBySeq: Record<number, number[]> = {};
        const deliveriesBySeq: Record<number, number> = {};
        for (const { seen } of recorders) {
          for (const [seq, latency] of seen) {
            if (seq < firstMeasuredSeqHint) continue;
            latenciesMicros.push(latency);
            (latenciesBySeq[seq] ??= []).push(latency);
            deliveriesBySeq[seq] = (deliveriesBySeq[seq] ?? 0) + 1;
          }
        }
        send({
          type: 'report',
          sockets: recorders.length,
          latenciesMicros,
          latenciesBySeq,
          deliveriesBySeq,
          duplicates,
          disconnects,
          connectErrors,
          cpuUserMicros: cpu.user,
          cpuSystemMicros: cpu.system,
          elapsedMicros: monotonicMicros() - wallStart,
        });
      } else if (command.type === 'close') {
        for (const close of closers) close();
        setTimeout(() => process.exit(0), 200);
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
