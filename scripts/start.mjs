// `npm start`: builds whatever is missing or older than its sources, then starts the server.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent } from './build-state.mjs';

if (!isBuildCurrent()) {
  console.log('Compilazione del client e del server...');
  const { buildAll } = await import('./build.mjs');
  await buildAll();
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.resolve('dist/server/main.js')).href);
