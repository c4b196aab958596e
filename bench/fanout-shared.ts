/**
 * What the processes of the fan-out benchmark (bench/fanout.bench.ts) say to each other over IPC, and the clock
 * they share. Nothing here imports the server: the bare `ws` server and the clients stay free of it.
 */

/** Microseconds on CLOCK_MONOTONIC (libuv's hrtime): one clock for every process of this machine. */
export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

/** The event every server sends once per second: socket.io's `onetimemessage` and its bare-`ws` twin. */
export const FANOUT_EVENT = 'onetimemessage';

/** The text of one event: its sequence number and the server's send time, for the clients to read back. */
export const eventText = (seq: number, sentAtMicros: number) => `fanout seq=${seq} sent=${sentAtMicros} ${'·'.repeat(40)}`;
export const parseEventText = (text: string): { seq: number; sentAtMicros: number } | null => {
  const match = /^fanout seq=(\d+) sent=(\d+) /.exec(text);
  return match ? { seq: Number(match[1]), sentAtMicros: Number(match[2]) } : null;
};

export type TServerKind = 'bare' | 'platform';

// ---------------------------------------------------------------------------------------------------------------
// Server child (bench/fanout-server.ts)

export type TServerReady = {
  type: 'ready';
  url: string;
  /** Origin header the clients send (the server's PUBLIC_URL). */
  origin: string;
  /** Platform: one `sid` cookie value per socket to open (sockets of one user share its session). */
  sessions: string[] | null;
  users: number;
  setupMs: number;
};

export type THeapSample = {
  type: 'heap';
  /** process.memoryUsage() after two global.gc() calls. */
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rss: number;
  /** Sockets the server holds right now (engine.io clients, or ws clients). */
  sockets: number;
};

export type TServerRunDone = {
  type: 'done';
  events: number;
  /** CPU of the server process over the measured window (first measured event to one interval after the last). */
  cpuUserMicros: number;
  cpuSystemMicros: number;
  elapsedMicros: number;
  /** Per measured event: time spent in the synchronous send (service call / broadcast loop), µs. */
  sendMicros: number[];
  socketsAtEnd: number;
};

export type TServerError = { type: 'error'; message: string };

export type TServerMessage = TServerReady | THeapSample | TServerRunDone | TServerError;

export type TServerCommand =
  | { type: 'heap' }
  | { type: 'fire'; seq: number }
  | { type: 'window-start' }
  | { type: 'window-end' }
  | { type: 'stop' };

// ---------------------------------------------------------------------------------------------------------------
// Client child (bench/fanout-clients.ts)

export type TClientCommand =
  | {
      type: 'connect';
      kind: TServerKind;
      url: string;
      origin: string;
      /** Platform: the sid cookie of each socket; bare: null. */
      sessions: string[] | null;
      count: number;
      concurrency: number;
    }
  | { type: 'report'; firstMeasuredSeq: number }
  | { type: 'close' };

export type TClientConnected = { type: 'connected'; sockets: number; connectMs: number };

export type TClientReport = {
  type: 'report';
  sockets: number;
  /** Delivery latencies (µs) of the measured events, all sockets, receive time minus send time. */
  latenciesMicros: number[];
  /** Deliveries of each measured event, by seq. */
  deliveriesBySeq: Record<number, number>;
  /** Measured-event latencies grouped by seq (µs), for per-round figures. */
  latenciesBySeq: Record<number, number[]>;
  duplicates: number;
  disconnects: number;
  connectErrors: number;
  cpuUserMicros: number;
  cpuSystemMicros: number;
  elapsedMicros: number;
};

export type TClientError = { type: 'error'; message: string };

export type TClientMessage = TClientConnected | TClientReport | TClientError;
