import { parentPort } from 'node:worker_threads';

/** Test-only worker of worker-task.unit.test.ts: echoes, spins forever or fills its heap, as told. */
parentPort?.once('message', (task: 'echo' | 'spin' | 'fill') => {
  if (task === 'spin') for (;;);
  if (task === 'fill') {
    const kept: string[][] = [];
    for (;;) kept.push(Array.from({ length: 10_000 }, (_, index) => `riga ${index} ${kept.length}`));
  }
  parentPort?.postMessage({ ok: true, value: task });
});
