import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS_FILE = fileURLToPath(new URL('./test-durations.json', import.meta.url));

/** What a file of each suite takes when nothing better is known (seconds of one worker, measured on CI). */
const GUESS_MS: Record<string, number> = { e2e: 40_000, postgres: 8_000, pglite: 8_000, client: 500, unit: 500 };

const readDurations = (): Record<string, number> => {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};

/**
 * Longest files first over every suite at once, so that the pool's workers finish together instead of one waiting
 * on a long browser file started last. The time of a file is the one this machine's last run recorded (Vitest's
 * cache), else the one measured on CI and kept in scripts/test-durations.json (`npm run test:durations` writes it
 * again), else a guess by suite. The default sequencer runs suite after suite by name, and a fresh clone has no cache.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = readDurations();
    const root = this.ctx.config.root;
    const durationOf = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${path.relative(root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      if (cached && !cached.failed && cached.duration > 0) return cached.duration;
      return known[key] ?? GUESS_MS[spec.project.name] ?? 5_000;
    };
    const order = new Map(files.map((spec) => [spec, durationOf(spec)]));
    return [...files].sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || order.get(b)! - order.get(a)!);
  }
}
