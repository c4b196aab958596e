/**
 * Browser chat latency (issue 13): a corner's Chromium page sends chat messages to the staff room and the admin's
 * page receives them, over the tRPC WebSocket at /trpc (`chat.send` answered, `chat.onMessage` delivering: what the
 * React client uses) and over socket.io at /ws/ (`message` acked, `newMessage`: the integrators' compatibility
 * layer) in the same run, against the same server. Reports p50/p95/p99 from send to acknowledgement (the sender's
 * answer) and from send to delivery (the other page's event). No target: a comparison.
 *
 *   npx tsx bench/chat-browser.bench.ts                                (in `npm run bench` too)
 *   CHAT_BROWSER_BENCH_MESSAGES=50 npx tsx bench/chat-browser.bench.ts  # quicker
 *
 * Both pages speak the wire protocols themselves (tRPC's JSON-RPC over a WebSocket, the socket.io client bundle),
 * so the figures are the transports' and the server's, without React's rendering. Messages go one at a time
 * (the next once the previous one was delivered), in alternating rounds of the two transports so that any drift
 * of the machine weighs on both alike. Times are taken in the pages (performance.timeOrigin + now: one clock for
 * both pages of the browser). Exit code: 0 measured, 1 failed.
 */
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer } from '../server/testing/start-test-server';
import { ADMIN, CORNER_PERSONA } from '../e2e/shell-helpers';
import { failureMessage, reportFailure, runBenchmark, writeReport } from './report';

const MESSAGES = Number(process.env.CHAT_BROWSER_BENCH_MESSAGES ?? 200);
const WARMUP = 20;
const ROUNDS = 4;
const TRANSPORTS = ['tRPC /trpc', 'socket.io /ws/'] as const;
type TTransport = (typeof TRANSPORTS)[number];

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SOCKET_IO_BUNDLE = fileURLToPath(new URL('../node_modules/socket.io-client/dist/socket.io.min.js', import.meta.url));

type TPercentiles = { p50: number; p95: number; p99: number; max: number; count: number };
const percentiles = (values: number[]): TPercentiles => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 100) / 100;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1), count: sorted.length };
};

/** In the page: both transports opened with the page's session cookie, ready to send and to record arrivals. */
type TBenchWindow = {
  __bench: {
    open: () => Promise<void>;
    send: (transport: TTransport, text: string) => Promise<number>;
    arrivals: Record<string, number>;
  };
  io: (options: object) => { on: (event: string, handler: (...args: never[]) => void) => void; emit: (...args: unknown[]) => void };
};

/** Installed in both pages (the function runs in the browser: nothing from outside it). */
const installClients = () => {
  const win = window as unknown as TBenchWindow;
  const now = () => performance.timeOrigin + performance.now();
  const arrivals: Record<string, number> = {};
  const record = (text: string) => {
    if (text.startsWith('bench:') && arrivals[text] === undefined) arrivals[text] = now();
  };
  let trpc: WebSocket | null = null;
  let nextId = 100;
  const answers = new Map<number, (value: unknown) => void>();
  let socket: ReturnType<TBenchWindow['io']> | null = null;

  const openTrpc = () =>
    new Promise<void>((resolve, reject) => {
      trpc = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/trpc`);
      trpc.onerror = () => reject(new Error('tRPC WebSocket failed'));
      trpc.onmessage = (event) => {
        if (event.data === 'PING') return trpc!.send('PONG');
        const message = JSON.parse(String(event.data)) as { id: number; result?: { type: string; data?: { json: { data?: { message: { text: string } } } } }; error?: unknown };
        if (message.id === 1 && message.result?.type === 'started') return resolve();
        if (message.id === 1 && message.result?.type === 'data') return record(message.result.data!.json.data!.message.text);
        if (message.error) return reject(new Error(JSON.stringify(message.error)));
        answers.get(message.id)?.(message.result);
        answers.delete(message.id);
      };
      trpc.onopen = () => trpc!.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'chat.onMessage', input: {} } }));
    });

  const openSocketIo = () =>
    new Promise<void>((resolve, reject) => {
      socket = win.io({ path: '/ws/', transports: ['websocket'] });
      socket.on('connect_error', () => reject(new Error('socket.io refused the connection')));
      socket.on('online', () => resolve());
      socket.on('newMessage', (event: { message: { text: string } }) => record(event.message.text));
    });

  win.__bench = {
    arrivals,
    open: async () => {
      await openTrpc();
      await openSocketIo();
    },
    /** Sends `text` to the room; answers the time from send to the sender's acknowledgement, in ms. */
    send: (transport, text) => {
      const roomId = (win.__bench as unknown as { roomId: string }).roomId;
      const started = now();
      return new Promise<number>((resolve, reject) => {
        if (transport === 'tRPC /trpc') {
          const id = (nextId += 1);
          answers.set(id, () => resolve(now() - started));
          trpc!.send(JSON.stringify({ id, method: 'mutation', params: { path: 'chat.send', input: { json: { roomId, text } } } }));
        } else {
          socket!.emit('message', { roomId, text }, (answer: unknown) => (answer === false ? reject(new Error('socket.io send refused')) : resolve(now() - started)));
        }
      }).then((ackMs) => {
        arrivals[`sent:${text}`] = started;
        return ackMs;
      });
    },
  };
};

const signedInPage = async (browser: Browser, baseUrl: string, user: { email: string; password: string }): Promise<Page> => {
  // The app's Content-Security-Policy forbids inline scripts: the socket.io client bundle is injected as one.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const login = await page.request.post(`${baseUrl}/api/auth/login`, { data: { email: user.email, password: user.password } });
  if (!login.ok()) throw new Error(`login of ${user.email}: ${login.status()}`);
  await page.goto(`${baseUrl}/api/health`);
  await page.addScriptTag({ path: SOCKET_IO_BUNDLE });
  // tsx keeps function names through a `__name` helper that the page does not have.
  await page.evaluate('window.__name = (fn) => fn');
  await page.evaluate(installClients);
  await page.evaluate(() => (window as unknown as TBenchWindow).__bench.open());
  return page;
};

type TSample = { ackMs: number; deliveryMs: number };

/** One message over `transport`, the next only once it arrived: answers its two times. */
const measureOne = async (sender: Page, receiver: Page, transport: TTransport, text: string): Promise<TSample> => {
  const ackMs = await sender.evaluate(([how, body]) => (window as unknown as TBenchWindow).__bench.send(how as TTransport, body), [transport, text] as const);
  await receiver.waitForFunction((body) => (window as unknown as TBenchWindow).__bench.arrivals[body] !== undefined, text, { polling: 1, timeout: 10_000 });
  const sentAt = await sender.evaluate((body) => (window as unknown as TBenchWindow).__bench.arrivals[`sent:${body}`]!, text);
  const arrivedAt = await receiver.evaluate((body) => (window as unknown as TBenchWindow).__bench.arrivals[body]!, text);
  return { ackMs, deliveryMs: arrivedAt - sentAt };
};

const main = async (): Promise<number> => {
  // The chat's budgets would refuse a benchmark's rate: raised, as chat.bench.ts does for its load.
  const server = await startTestServer({ env: { CHAT_MESSAGES_PER_MINUTE: '100000', SOCKET_EVENTS_PER_MINUTE: '100000' } });
  let browser: Browser | null = null;
  let failure: unknown = null;
  const samples: Record<TTransport, TSample[]> = { 'tRPC /trpc': [], 'socket.io /ws/': [] };
  try {
    await server.createUser(CORNER_PERSONA);
    await server.createUser(ADMIN);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    const corner = await signedInPage(browser, server.url, CORNER_PERSONA);
    const admin = await signedInPage(browser, server.url, ADMIN);
    const roomId = await corner.evaluate(async () => ((await (await fetch('/api/chat/staff/open', { method: 'POST' })).json()) as { id: string }).id);
    await corner.evaluate((id) => Object.assign((window as unknown as TBenchWindow).__bench, { roomId: id }), roomId);

    let sequence = 0;
    const text = (transport: TTransport) => `bench:${transport}:${(sequence += 1)}`;
    for (const transport of TRANSPORTS) for (let i = 0; i < WARMUP; i += 1) await measureOne(corner, admin, transport, text(transport));
    const perRound = Math.ceil(MESSAGES / ROUNDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const transport of TRANSPORTS) {
        for (let i = 0; i < perRound && samples[transport].length < MESSAGES; i += 1) samples[transport].push(await measureOne(corner, admin, transport, text(transport)));
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    await browser?.close();
    await server.close();
  }

  const rows = TRANSPORTS.map((transport) => ({
    transport,
    ackMs: percentiles(samples[transport].map((sample) => sample.ackMs)),
    deliveryMs: percentiles(samples[transport].map((sample) => sample.deliveryMs)),
  }));
  if (failure === null) {
    console.log(`\nBrowser chat, corner page -> admin page, ${MESSAGES} messages per transport one at a time (after ${WARMUP} warm-up), times in ms:\n`);
    console.table(
      Object.fromEntries(
        rows.map((row) => [
          row.transport,
          { 'ack p50': row.ackMs.p50, 'ack p99': row.ackMs.p99, 'delivery p50': row.deliveryMs.p50, 'delivery p95': row.deliveryMs.p95, 'delivery p99': row.deliveryMs.p99, 'delivery max': row.deliveryMs.max },
        ]),
      ),
    );
    const [trpc, socketIo] = rows;
    console.log(`delivery p99: tRPC ${trpc!.deliveryMs.p99} ms, socket.io ${socketIo!.deliveryMs.p99} ms (ratio ${(trpc!.deliveryMs.p99 / socketIo!.deliveryMs.p99).toFixed(2)})`);
  }
  console.log(`report: ${await writeReport('chat-browser.json', { messages: MESSAGES, warmup: WARMUP, rows, error: failureMessage(failure) })}`);
  return failure === null ? 0 : reportFailure(failure);
};

void runBenchmark(main);
