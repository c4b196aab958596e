import type { z } from 'zod';

/**
 * What the published contract (OpenAPI 3.1, `GET /api/openapi.json`, issue 30) says of one REST route, written
 * beside the module that serves it (`<module>.openapi.ts`) from the same shared zod schemas the service parses
 * with, so the contract cannot drift from the code: a route without its entry fails a test
 * (server/platform/openapi/openapi.test.ts), and so does an entry without its route.
 */

/** One answer of a route: its description, the zod schema of its JSON body (none: an empty body), its headers. */
export type TDocResponse = {
  description: string;
  schema?: z.ZodType;
  /** Another content type than JSON (a PDF, a CSV, a zip), described rather than schematised; several when it varies. */
  contentType?: string | readonly string[];
  headers?: Readonly<Record<string, { description: string; type: 'string' | 'integer' }>>;
};

export type TRouteDoc = {
  summary: string;
  description?: string;
  /** The group of the reference page (Italian, the interface's language: «Pratiche», «Prodotti»...). */
  tag: string;
  /** `public`: no session needed; otherwise the session cookie or the login-as bearer token. */
  auth?: 'public' | 'session';
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** The body may be left out (a DELETE's optional reason, a PATCH that changes nothing). */
  bodyOptional?: boolean;
  /** A multipart body (spec section 7): its text fields and whether it carries files. With `body`, the alternative. */
  multipart?: { fields?: Readonly<Record<string, string>>; files: string };
  /** The write honours `If-Match` (a record's ETag): the header is documented, with its 412 answer. */
  ifMatch?: boolean;
  /** The success answers by status (errors are added: 400, 401, 403, 404, 409, 429, 500 as the route may answer them). */
  responses: Readonly<Record<number, TDocResponse>>;
};

/** A module's entries, keyed `METHOD /path` with Fastify's `:param` syntax (`GET /api/products/:sector`). */
export type TRouteDocs = Readonly<Record<string, TRouteDoc>>;

/** The key of a route in TRouteDocs. */
export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
