import type { Page, Request, Route } from 'playwright-core';

/**
 * Browser tests that stand in for the server on one tRPC procedure. The client calls each procedure on its own
 * request (`httpLink`): a query is `GET /trpc/<name>?input=…`, a mutation `POST /trpc/<name>`, both with the
 * superjson envelope `{ json: … }`. A batched request (`/trpc/a,b?batch=1`) answers an array, one entry per call.
 */

type TErrorType = 'default' | 'warn' | 'fatal';

/** The procedures a request calls: one, or several when batched. */
const proceduresOf = (url: string): string[] => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/trpc/') ? decodeURIComponent(pathname.slice('/trpc/'.length)).split(',') : [];
};

const isBatch = (url: string) => new URL(url).searchParams.get('batch') === '1';

/** What a call to the procedure is answered with: a tRPC body (success or error) and its status, or anything else. */
export type TTrpcAnswer = (route: Route) => Promise<void>;

const fulfillJson = (route: Route, status: number, body: unknown, headers: Record<string, string> = {}) =>
  route.fulfill({ status, contentType: 'application/json', headers, body: JSON.stringify(isBatch(route.request().url()) ? [body] : body) });

/** A successful answer (plain JSON data; superjson writes it as is). */
export const trpcData =
  (data: unknown, headers: Record<string, string> = {}): TTrpcAnswer =>
  (route) =>
    fulfillJson(route, 200, { result: { data: { json: data } } }, headers);

/** A failure as our server formats it: the HTTP status, the Italian message, the type and per-field messages. */
export const trpcError =
  (error: { httpStatus: number; message: string; type?: TErrorType; fields?: Record<string, string[]> }, headers: Record<string, string> = {}): TTrpcAnswer =>
  (route) =>
    fulfillJson(
      route,
      error.httpStatus,
      { error: { json: { message: error.message, code: -32600, data: { httpStatus: error.httpStatus, type: error.type ?? 'default', fields: error.fields, code: 'BAD_REQUEST' } } } },
      headers,
    );

/** An answer that is not tRPC's (a proxy's page, an empty 503). */
export const rawAnswer =
  (status: number, contentType: string, body: string): TTrpcAnswer =>
  (route) =>
    route.fulfill({ status, contentType, body });

/** No answer at all. */
export const noAnswer: TTrpcAnswer = (route) => route.abort('connectionrefused');

const isCallTo = (procedure: string, method?: 'GET' | 'POST') => (request: Request) =>
  proceduresOf(request.url()).includes(procedure) && (method === undefined || request.method() === method);

/**
 * Answers the calls of `procedure` (queries and mutations alike, or only `method`'s) with `answer`; other calls
 * reach the server. Resolves with the function that removes the stand-in.
 */
export const routeTrpc = async (page: Page, procedure: string, answer: TTrpcAnswer, method?: 'GET' | 'POST'): Promise<() => Promise<void>> => {
  const matches = isCallTo(procedure, method);
  const handler = async (route: Route) => {
    if (!matches(route.request())) return route.fallback();
    if (proceduresOf(route.request().url()).length > 1) throw new Error(`routeTrpc: ${procedure} arrived batched with other calls`);
    return answer(route);
  };
  const pattern = (url: URL) => proceduresOf(url.href).includes(procedure);
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
};

/** The input a call carried, without the superjson envelope. */
export const trpcInput = (request: Request): unknown => {
  if (request.method() === 'GET') {
    const raw = new URL(request.url()).searchParams.get('input');
    return raw === null ? undefined : (JSON.parse(raw) as { json: unknown }).json;
  }
  return (request.postDataJSON() as { json?: unknown } | null)?.json;
};

/** Every request that calls `procedure` from now on (`method` to keep only queries or mutations). */
export const recordTrpcCalls = (page: Page, procedure: string, method?: 'GET' | 'POST'): Request[] => {
  const seen: Request[] = [];
  const matches = isCallTo(procedure, method);
  page.on('request', (request) => {
    if (matches(request)) seen.push(request);
  });
  return seen;
};

/** The next request that calls `procedure`. */
export const waitForTrpcCall = (page: Page, procedure: string, method?: 'GET' | 'POST'): Promise<Request> => page.waitForRequest(isCallTo(procedure, method));
