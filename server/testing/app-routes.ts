import type { FastifyInstance } from 'fastify';

/**
 * Every `METHOD /path` the app serves under `prefix`, read from its route tree (`printRoutes`: a child is indented
 * four characters under its parent and prints only its own part of the path); HEAD and OPTIONS left out (HEAD
 * follows GET). Tests that must cover every route read them here, so a route added later is covered too.
 */
export const appRoutes = (app: FastifyInstance, prefix: string): string[] => {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    if (!path.startsWith(prefix) || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') routes.add(`${method} ${path}`);
  }
  return [...routes].sort();
};
