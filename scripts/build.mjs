// Builds the client (Vite) into dist/client and bundles the server (esbuild) into dist/server.
import { build as buildServer } from 'esbuild';
import { build as buildClient } from 'vite';

export const buildAll = async () => {
  const started = Date.now();
  await buildClient({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await buildServer({
    entryPoints: { main: 'server/main.ts', demo: 'server/demo.ts' },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  console.log(`Build completata in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
