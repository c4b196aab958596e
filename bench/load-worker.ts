/**
 * The load generator, in its own process (forked by auth-me.bench.ts with `--import tsx`), so that autocannon
 * never shares an event loop with the server under test. It waits for `run` messages on the IPC channel and
 * answers each with a compact summary of the autocannon result.
 */
import autocannon from 'autocannon';

export type TLoadRequest = {
  type: 'run';
  id: number;
  url: string;
  headers: Record<string, string>;
  connections: number;
  pipelining: number;
  durationSeconds: number;
};

export type TLoadSummary = {
  requestsPerSecond: { mean: number; stddev: number; min: number; max: number };
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  totalRequests: number;
  status2xx: number;
  non2xx: number;
  status4xx: number;
  status5xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  /** CPU used by this load-generator process during the run, in % of one core (100 = one core saturated). */
  loadGeneratorCpuPercent: number;
};

export type TLoadReply = { type: 'result'; id: number; summary: TLoadSummary } | { type: 'error'; id: number; message: string };

const send = (message: TLoadReply) => {
  if (!process.send) throw new Error('load-worker.ts must be started with an IPC channel (child_process.fork)');
  process.send(message);
};

const run = async (request: TLoadRequest): Promise<TLoadSummary> => {
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await autocannon({
    url: request.url,
    method: 'GET',
    headers: request.headers,
    connections: request.connections,
    pipelining: request.pipelining,
    duration: request.durationSeconds,
  });
  // autocannon 8 also reports p50/p90/p99 on the latency histogram (the 7.x typings name them).
  const latency = result.latency as typeof result.latency & { p90: number };
  const cpu = process.cpuUsage(cpuBefore);
  const elapsedMs = performance.now() - startedAt;
  return {
    requestsPerSecond: {
      mean: result.requests.mean,
      stddev: result.requests.stddev,
      min: result.requests.min,
      max: result.requests.max,
    },
    latencyMs: { mean: latency.mean, p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max },
    totalRequests: result.requests.total,
    status2xx: result['2xx'],
    non2xx: result.non2xx,
    status4xx: result['4xx'],
    status5xx: result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
    loadGeneratorCpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
  };
};

process.on('message', (message: TLoadRequest) => {
  if (message?.type !== 'run') return;
  run(message).then(
    (summary) => send({ type: 'result', id: message.id, summary }),
    (error: unknown) => send({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) }),
  );
});

// Stop with the parent, even if it dies without saying goodbye.
process.on('disconnect', () => process.exit(0));
