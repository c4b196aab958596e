// Whether dist/ is current: shared by `npm start` (scripts/start.mjs) and the browser tests' setup, with no
// build tool imported, so `npm start` on a built tree loads neither Vite nor esbuild.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUTPUTS = ['dist/client/index.html', 'dist/server/main.js'];
const SOURCES = ['client', 'server', 'shared', 'migrations', 'package-lock.json', 'vite.config.ts'];

const newestMtime = (target) => {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
};

/** True when dist/ holds both builds and each is newer than every source file. */
export const isBuildCurrent = () => {
  const builtAt = Math.min(...OUTPUTS.map((file) => (fs.existsSync(path.join(ROOT, file)) ? fs.statSync(path.join(ROOT, file)).mtimeMs : 0)));
  return builtAt > 0 && !SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > builtAt);
};
