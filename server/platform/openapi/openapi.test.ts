import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../testing/app-routes';
import { useTestApp } from '../../testing/test-app';

// Issue 30: the published contract. Every REST route the app serves has its entry in `GET /api/openapi.json` (built
// from the modules' `openapi` entries and their zod schemas): a new route without its entry fails here, and so does
// an entry without its route. The document passes Redocly's recommended rules.
const t = useTestApp();

type TDocument = { openapi: string; paths: Record<string, Record<string, unknown>> };

const documentOf = async (): Promise<TDocument> => {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json() as TDocument;
};

/** The document's operations as `METHOD /path` with Fastify's `:param` syntax. */
const documented = (document: TDocument): string[] =>
  Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`))
    .sort();

describe('the OpenAPI contract', () => {
  it('has an entry for every REST route the app serves, and no entry without its route', async () => {
    const document = await documentOf();
    expect(document.openapi).toBe('3.1.0');
    const served = appRoutes(t.app, '/api/');
    const entries = documented(document);
    expect(entries.filter((route) => !served.includes(route)), 'entries without a route').toEqual([]);
    expect(served.filter((route) => !entries.includes(route)), 'routes without an entry').toEqual([]);
    expect(entries.length).toBeGreaterThan(170);
  });

  it('passes Redocly’s recommended rules', async () => {
    const document = await documentOf();
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
    const errors = problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('serves a readable reference page whose script is served here', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('spec-url="/api/openapi.json"');
    const script = await t.app.inject({ method: 'GET', url: '/api/reference/redoc.standalone.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body.length).toBeGreaterThan(100_000);
  });
});
