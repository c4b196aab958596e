import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// E2E_CLIENT_DIR lets two people run browser tests side by side without rebuilding each other's client.
const clientDir = path.resolve(repoRoot, process.env.E2E_CLIENT_DIR ?? 'dist/client');
const builtIndex = path.join(clientDir, 'index.html');
/** What the client bundle is made of: its own sources, the shared contract and the build configuration. */
const sources = ['client', 'shared', 'vite.config.ts'].map((entry) => path.join(repoRoot, entry));

const mtimeOf = async (file: string): Promise<number> => {
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch {
    return 0;
  }
};

const newestMtime = async (entry: string): Promise<number> => {
  const stat = await fs.stat(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const names = await fs.readdir(entry, { recursive: true });
  const times = await Promise.all(names.map((name) => mtimeOf(path.join(entry, name))));
  return Math.max(stat.mtimeMs, ...times);
};

/** Builds the client the browser tests load, unless dist/client is newer than every source file. */
const setup = async (): Promise<void> => {
  const builtAt = await mtimeOf(builtIndex);
  const changedAt = Math.max(...(await Promise.all(sources.map(newestMtime))));
  if (builtAt > changedAt) return;
  // Vitest sets NODE_ENV=test, which would give a development build of React; test what users get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(repoRoot, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir: clientDir } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
};

export default setup;
