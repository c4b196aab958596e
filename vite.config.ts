import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * The PDF viewer's worker at the fixed path /pdf.worker.min.mjs (spec section 7), taken from the pdfjs-dist that
 * react-pdf uses (the worker must match its API): emitted into the build and served by the dev server, never
 * committed.
 */
const PDF_WORKER_PATH = 'pdf.worker.min.mjs';
const pdfWorker = (): Plugin => {
  const fromReactPdf = createRequire(createRequire(import.meta.url).resolve('react-pdf'));
  const source = path.join(path.dirname(fromReactPdf.resolve('pdfjs-dist/package.json')), 'build', PDF_WORKER_PATH);
  return {
    name: 'pdf-worker',
    configureServer(server) {
      server.middlewares.use(`/${PDF_WORKER_PATH}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        fs.createReadStream(source).pipe(response);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: PDF_WORKER_PATH, source: fs.readFileSync(source) });
    },
  };
};

export default defineConfig({
  // Absolute, so a build started from any directory (e2e/global-setup.ts) finds the client.
  root: fileURLToPath(new URL('./client', import.meta.url)),
  plugins: [react(), pdfWorker()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // A lazy page's shared JavaScript chunks are not listed in the entry for preloading: the page's chunk imports
    // them itself (one round trip more when a page is first opened), and the entry, which /accedi loads, no longer
    // carries the file names of every chunk of every page (about 1.3 KB gzipped of its 170 KB budget, issue 3).
    // Stylesheets are still preloaded with their page, so a page never paints unstyled.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps) },
    // @trpc/client declares no `sideEffects`: without this, /accedi would carry the unused WebSocket link.
    rollupOptions: {
      treeshake: { moduleSideEffects: (id) => !id.includes('/node_modules/@trpc/client/') },
      // Chunks named by their hash only: the entry lists every lazy chunk (routes and their dependencies) by file
      // name, and with one page per feature the names alone were a kilobyte of the /accedi budget (issue 3).
      output: { chunkFileNames: 'assets/[hash].js' },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget },
      '/trpc': { target: apiTarget, ws: true },
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
