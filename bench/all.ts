/**
 * `npm run bench`: every benchmark, one after the other (never two at once: they would share the 2 cores), each
 * in its own process, the next one run even when one fails. Given file names (`tsx bench/all.ts files-zip.bench.ts
 * files-image.bench.ts`, which is `npm run bench:files`), just those.
 *
 * Exit code: 1 when any benchmark failed (exit 1 or a crash), otherwise 2 when any missed its target (exit 2),
 * otherwise 0.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ALL = ['auth-me.bench.ts', 'fanout.bench.ts', 'chat.bench.ts', 'chat-instances.bench.ts', 'chat-browser.bench.ts', 'files-zip.bench.ts', 'files-image.bench.ts', 'clients-import.bench.ts', 'clients-list.bench.ts', 'practices-list.bench.ts', 'utility-outcomes.bench.ts', 'ledger.bench.ts', 'dashboard.bench.ts'];
const wanted = process.argv.slice(2);
const BENCHES = wanted.length > 0 ? wanted : ALL;

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
