/**
 * The end of every benchmark: its report in bench/results/ (gitignored), its failure printed, its exit code.
 * No side effects on import (the files benchmarks use it without bench/lib.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A failure's message for a report, or null. */
export const failureMessage = (failure: unknown) => (failure === null ? null : failure instanceof Error ? failure.message : String(failure));

/**
 * Writes bench/results/<file>: when and on what machine (date, Node, CPUs and their model), then the report's own
 * fields. Answers the file's path relative to the working directory.
 */
export const writeReport = async (file: string, report: Record<string, unknown>) => {
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
  await fs.mkdir(resultsDir, { recursive: true });
  const target = path.join(resultsDir, file);
  const facts = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null };
  await fs.writeFile(target, `${JSON.stringify({ ...facts, ...report }, null, 2)}\n`);
  return path.relative(process.cwd(), target);
};

/** Prints a benchmark's failure (with its stack) and answers the exit code for it, 1. */
export const reportFailure = (failure: unknown) => {
  console.error(`\n!! BENCHMARK FAILED: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}`);
  return 1;
};

/** Runs a benchmark's main and exits with its code; if it throws: prints, runs `cleanup`, exits 1. */
export const runBenchmark = (main: () => Promise<number>, cleanup: () => Promise<void> = async () => undefined) =>
  main().then(
    (code) => process.exit(code),
    async (error: unknown) => {
      console.error(error);
      await cleanup();
      process.exit(1);
    },
  );
