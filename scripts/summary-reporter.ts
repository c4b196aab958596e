import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every run with one plain line, `N passed, N failed, N skipped`, that CI and people can read at a glance.
 * With TEST_DURATIONS_FILE set (`npm run test:durations`), also writes how long each file took, start to end, for the
 * sequencer (scripts/test-sequencer.ts) to start the longest files first on a machine with no cache of its own.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) counts.failed++;
    }
    counts.failed += unhandledErrors.length;
    const durationsFile = process.env.TEST_DURATIONS_FILE;
    if (durationsFile) writeDurations(durationsFile, testModules);
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}

const writeDurations = (file: string, testModules: ReadonlyArray<TestModule>) => {
  const durations: Record<string, number> = {};
  for (const testModule of testModules) {
    const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = testModule.diagnostic();
    const key = `${testModule.project.name}:${path.relative(testModule.project.config.root, testModule.moduleId)}`;
    durations[key] = Math.round(environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration);
  }
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
};
