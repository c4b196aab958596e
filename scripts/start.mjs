// `npm start`: builds whatever is missing or older than its sources, then starts the server.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

const outputs = ['dist/client/index.html', 'dist/server/main.js'];
const sources = ['client', 'server', 'shared', 'migrations', 'package-lock.json', 'vite.config.ts'];
const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (builtAt === 0 || sources.some((source) => newestMtime(source) > builtAt)) {
  console.log('Compilazione del client e del server...');
  const { buildAll } = await import('./build.mjs');
  await buildAll();
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.resolve('dist/server/main.js')).href);
