import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildAsyncApiDocument } from './asyncapi';
import { buildOpenApiDocument } from './document';
import { routeKey, type TRouteDocs } from './route-docs';

const require = createRequire(import.meta.url);

/** The routes this plugin serves, documented like any other. */
export const OPENAPI_DOCS: TRouteDocs = {
  'GET /api/openapi.json': {
    summary: 'Il contratto OpenAPI 3.1 delle API REST',
    tag: 'Contratto',
    auth: 'public',
    responses: { 200: { description: 'Il documento OpenAPI (JSON).', schema: z.record(z.string(), z.unknown()) } },
  },
  'GET /api/asyncapi.json': {
    summary: 'Il contratto AsyncAPI 3.0 degli eventi socket.io',
    tag: 'Contratto',
    auth: 'public',
    responses: { 200: { description: 'Il documento AsyncAPI (JSON) degli eventi in tempo reale a `/ws/`.', schema: z.record(z.string(), z.unknown()) } },
  },
  'GET /api/reference': {
    summary: 'Il riferimento delle API, leggibile (Redoc)',
    tag: 'Contratto',
    auth: 'public',
    responses: { 200: { description: 'La pagina HTML del riferimento.', contentType: 'text/html' } },
  },
  'GET /api/reference/redoc.standalone.js': {
    summary: 'Lo script della pagina di riferimento',
    tag: 'Contratto',
    auth: 'public',
    responses: { 200: { description: 'Redoc (JavaScript).', contentType: 'application/javascript' } },
  },
  'GET /api/health': {
    summary: 'Stato del servizio',
    tag: 'Contratto',
    auth: 'public',
    responses: { 200: { description: 'Il servizio risponde; il tipo di database in uso.', schema: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) } },
  },
};

const PAGE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API REST — riferimento</title>
  </head>
  <body>
    <redoc spec-url="/api/openapi.json" hide-download-button="false"></redoc>
    <script src="/api/reference/redoc.standalone.js"></script>
  </body>
</html>
`;

/**
 * The published contract (issue 30): `GET /api/openapi.json`, built once from every module's route entries,
 * `GET /api/asyncapi.json`, the socket.io events' (server/platform/openapi/asyncapi.ts), and
 * `GET /api/reference`, a readable reference page (Redoc, served from this installation: no CDN; the issue's
 * `/api/docs` is the spec's list of documents). Public: the contract holds no data.
 */
export const openApiRest = (docs: TRouteDocs, info: { version: string; serverUrl: string }) => async (app: FastifyInstance) => {
  let document: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', async () => (document ??= buildOpenApiDocument(docs, info)));
  let asyncApi: Record<string, unknown> | undefined;
  app.get('/api/asyncapi.json', async () => (asyncApi ??= buildAsyncApiDocument(info)));
  app.get('/api/reference', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      // Redoc styles itself inline and renders in a worker: this page alone allows those.
      .header('content-security-policy', "default-src 'self'; script-src 'self' blob:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'none'")
      .send(PAGE),
  );
  let script: Buffer | undefined;
  app.get('/api/reference/redoc.standalone.js', async (_request, reply) => {
    script ??= await fs.readFile(require.resolve('redoc/bundles/redoc.standalone.js'));
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(script);
  });
};

/** Every documented route of the modules and the platform, refusing an entry given twice. */
export const mergeRouteDocs = (...lists: readonly (TRouteDocs | undefined)[]): TRouteDocs => {
  const all: Record<string, TRouteDocs[string]> = {};
  for (const list of lists) {
    for (const [key, doc] of Object.entries(list ?? {})) {
      if (key in all) throw new Error(`route ${key} is documented twice`);
      all[key] = doc;
    }
  }
  return all;
};

/** The whole contract's entries: this plugin's routes and every module's (`openapi` field of each module). */
export const contractRouteDocs = (modules: readonly { openapi?: TRouteDocs }[]): TRouteDocs => mergeRouteDocs(OPENAPI_DOCS, ...modules.map((module) => module.openapi));

export { routeKey };
