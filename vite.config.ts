import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  // Absolute, so a build started from any directory (e2e/global-setup.ts) finds the client.
  root: fileURLToPath(new URL('./client', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
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
