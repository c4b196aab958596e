import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';

/**
 * The import-cycle half of `npm run lint` ("Calls flow one way", /work/shared/style.md): no runtime import cycle in
 * the project's own code. dpdm reads the import graph once (about 10 s here), where eslint-plugin-import's
 * `import/no-cycle` walked it again from every file (about 75 s alone, four or five minutes beside the tests in CI).
 * Runtime cycles only: each file is first transpiled (`transform`), so `import type` and inline `type` specifiers are
 * gone, as they are at build time, and cannot cause an init-order bug. Dynamic `import()` counts, as it did for eslint.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What `npm run lint` covers, as eslint.config.js does. */
export const LINTED = ['server/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'client/src/**/*.{ts,tsx}', 'migrations/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.{ts,mts}'];

/** Dependencies left out of the graph: packages, and the deliberately cyclic fixtures (linted only by their test). */
const EXCLUDED = /node_modules|server\/testing\/lint-fixtures\//;

/** The runtime import cycles among `entries` (globs relative to `cwd`), each as the list of its files. */
export const findImportCycles = async (entries: readonly string[], options: { cwd?: string; exclude?: RegExp } = {}): Promise<string[][]> => {
  const cwd = options.cwd ?? ROOT;
  const tree = await parseDependencyTree([...entries], {
    cwd,
    context: cwd,
    transform: true,
    exclude: options.exclude ?? EXCLUDED,
    extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
    onProgress: () => undefined,
  });
  return parseCircular(tree).map((cycle) => cycle.map((file) => path.relative(cwd, path.resolve(cwd, file))));
};

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const cycles = await findImportCycles(LINTED);
  if (cycles.length > 0) {
    console.error(`${cycles.length} runtime import cycle(s):`);
    for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(' -> ')}`);
    process.exit(1);
  }
  console.log('No runtime import cycle.');
}
