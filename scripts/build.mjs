// Builds the client (Vite) into dist/client and bundles the server (esbuild) into dist/server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as buildServer } from 'esbuild';
import { build as buildClient } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const buildAll = async () => {
  const started = Date.now();
  await buildClient({ configFile: path.join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  await bundleServer(path.join(ROOT, 'dist/server'));
  console.log(`Build completata in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

/**
 * The server's entry points bundled into `outdir` (esbuild, about a second), packages left to node_modules: `npm
 * start` runs dist/server/main.js; the tests that need a real server process run their own copy
 * (server/testing/global-setup.ts), which starts in a fraction of tsx's time.
 */
export const bundleServer = async (outdir) => {
  await buildServer({
    // A worker (server/platform/worker-task.ts) is its own bundle beside main.js, named as its source.
    entryPoints: {
      main: path.join(ROOT, 'server/main.ts'),
      demo: path.join(ROOT, 'server/demo.ts'),
      'storage-migrate': path.join(ROOT, 'server/storage-migrate.ts'),
      'clients.import-sheet.worker': path.join(ROOT, 'server/modules/clients/clients.import-sheet.worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
