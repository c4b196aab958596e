import { describe, expect, it } from 'vitest';
import { runWorkerTask } from './worker-task';

const FIXTURE = new URL('./worker-task.fixture.worker.ts', import.meta.url);
const LIMITS = { timeoutMs: 3_000, maxOldGenerationSizeMb: 64 };

describe('a task in a worker thread', () => {
  it('answers the worker’s value, and terminates a worker past its time or its heap', async () => {
    expect(await runWorkerTask(FIXTURE, 'echo', [], LIMITS)).toEqual({ ok: true, value: 'echo' });
    const started = performance.now();
    expect(await runWorkerTask(FIXTURE, 'spin', [], LIMITS)).toEqual({ ok: false, failure: 'timeout' });
    expect(performance.now() - started).toBeLessThan(LIMITS.timeoutMs + 2_000);
    expect(await runWorkerTask(FIXTURE, 'fill', [], { ...LIMITS, timeoutMs: 20_000 })).toEqual({ ok: false, failure: 'memory' });
  });
});
