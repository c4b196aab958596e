import { Worker, type TransferListItem } from 'node:worker_threads';

/**
 * One CPU-heavy task (parsing an uploaded spreadsheet) run in a worker thread, so the event loop keeps serving the
 * other users meanwhile (issue 26). One worker per task, with a heap limit and a time limit: a worker past either
 * is terminated and the task answers its failure. At most MAX_RUNNING run at once; the others wait their turn.
 *
 * The worker is a module beside its caller, named `<name>.worker.ts` in the sources: run from the sources (tsx,
 * vitest) it is loaded through tsx; in the build, scripts/build.mjs bundles it as `dist/server/<name>.worker.js`,
 * beside main.js, where the caller's `new URL('./<name>.worker.ts', import.meta.url)` points once `.ts` is `.js`.
 * The worker answers one message: `{ ok: true, value }` or `{ ok: false, message }` (a message for the user).
 */
export type TWorkerOutcome<T> = { ok: true; value: T } | { ok: false; message: string } | { ok: false; failure: 'timeout' | 'memory' | 'crash' };

export type TWorkerLimits = { timeoutMs: number; maxOldGenerationSizeMb: number };

const MAX_RUNNING = 2;
let running = 0;
const waiting: (() => void)[] = [];

const acquire = async () => {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
};
const release = () => {
  running -= 1;
  waiting.shift()?.();
};

const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The worker of a `.worker.ts` URL: through tsx from the sources, the bundled `.js` beside main.js in the build. */
const spawn = (source: URL, limits: TWorkerLimits) => {
  const resourceLimits = { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb };
  if (!FROM_SOURCES) return new Worker(new URL(source.href.replace(/\.ts$/, '.js')), { resourceLimits });
  const register = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(register)}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(boot, { eval: true, resourceLimits });
};

export const runWorkerTask = async <T>(source: URL, input: unknown, transfer: readonly TransferListItem[], limits: TWorkerLimits): Promise<TWorkerOutcome<T>> => {
  await acquire();
  try {
    return await new Promise<TWorkerOutcome<T>>((resolve) => {
      const worker = spawn(source, limits);
      let settled = false;
      const settle = (outcome: TWorkerOutcome<T>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(outcome);
      };
      const timer = setTimeout(() => settle({ ok: false, failure: 'timeout' }), limits.timeoutMs);
      worker.on('message', (outcome: TWorkerOutcome<T>) => settle(outcome));
      worker.on('error', (error: Error & { code?: string }) => settle({ ok: false, failure: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash' }));
      worker.on('exit', () => settle({ ok: false, failure: 'crash' }));
      worker.postMessage(input, transfer);
    });
  } finally {
    release();
  }
};
