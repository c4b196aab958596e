/**
 * `npm run bench:files`: the zip download benchmark, then the image resize benchmark, each in its own process
 * (never both at once: they would share the 2 cores), the second run even when the first fails.
 *
 * Exit code: 1 when either failed (exit 1 or a crash), otherwise 2 when either missed its target, otherwise 0.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = ['files-zip.bench.ts', 'files-image.bench.ts'];

const run = (file: string) =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });

const codes: number[] = [];
for (const file of BENCHES) {
  console.log(`\n=== bench/${file} ===\n`);
  codes.push(await run(file));
}
console.log(`\n=== ${BENCHES.map((file, index) => `${file}: exit ${codes[index]}`).join(', ')} ===`);
process.exit(codes.some((code) => code !== 0 && code !== 2) ? 1 : codes.includes(2) ? 2 : 0);
