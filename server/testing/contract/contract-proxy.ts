import http from 'node:http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import lightMyRequest from 'light-my-request';
import { inject } from 'vitest';
import { ANSWER_HEADER, ID_HEADER, REPLAYED_HEADER, type TContractCall, type TContractProxy, type TViolation } from './contract-types';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The contract run's Prism proxy and answer store (server/testing/contract/global-setup.ts); unset elsewhere. */
    contractProxy: TContractProxy | undefined;
  }
}

/**
 * The contract run (`npm run test:contract`; README, «Every live call checked against the contract»): every
 * `app.inject` of a test app is also checked by Stoplight Prism in proxy mode against the published document.
 *
 * How a call goes: the test's request is injected into the app exactly as in any other run, and the test gets the
 * app's own answer (light-my-request's response, untouched). The same request, byte for byte as light-my-request
 * sends it (headers, cookies, JSON or multipart body), then goes over HTTP to the run's one Prism process, whose
 * upstream is the answer store of the run's global setup: the store answers Prism's forwarded call with the app's
 * recorded answer (status, headers, raw body), found by the `x-contract-id` header Prism passes on. Prism validates
 * the request and that answer against the document and lists what does not match in its `sl-violations` header.
 *
 * Why not let the test read Prism's answer: Prism's forwarder is lossy (it reads non-JSON bodies as UTF-8 text, joins
 * several Set-Cookie headers with commas, re-serialises JSON, refuses unparseable JSON and GET bodies without
 * forwarding them), so tests of downloads, cookies or malformed bodies would test Prism rather than the app.
 */

/** What the run's global setup provides; undefined outside the contract check (the pglite suite with CONTRACT_CHECK=1). */
const contractProxy = (): TContractProxy | undefined => {
  if (process.env.CONTRACT_PROXY !== '1') return undefined;
  try {
    return inject('contractProxy');
  } catch {
    return undefined;
  }
};

/**
 * Which violations Prism reports that the contract expects (the rule of the contract run, also in the README):
 * - every answer must match the document, error answers included (their status declared, their body the `Error`
 *   schema): a `response` violation always counts;
 * - a test that sends what the document forbids (a body missing a field, no session on a route that needs one, an
 *   unknown path) to check the app's refusal gets a `request` violation from Prism: it is expected when the app
 *   refused with a 4xx (whose answer is checked like any other). The same request violation on a 2xx, 3xx or 5xx
 *   answer counts: the app accepted what the document says it refuses, or the document is stricter than the app.
 */
export const isExpectedViolation = (violation: TViolation, statusCode: number): boolean =>
  violation.location[0] === 'request' && statusCode >= 400 && statusCode < 500;

/** The calls of the current test file (reset by the contract check's setup file before each file). */
const calls: TContractCall[] = [];
/** The file's calls outside the REST API (tRPC, static files, /metrics), which the document does not describe. */
let outsideApi = 0;

/** The checks still going through Prism: a test gets its answer at once, and its checks end in the background. */
const pending = new Set<Promise<void>>();

/** Once every check under way has ended: the calls of the file so far, and how many went outside /api/. */
export const takeContractCalls = async (): Promise<{ calls: TContractCall[]; outsideApi: number }> => {
  while (pending.size > 0) await Promise.all([...pending]);
  const taken = { calls: calls.splice(0), outsideApi };
  outsideApi = 0;
  return taken;
};

/** Whether a call is one of the REST API's (under /api/), which the published document describes. */
const isRestCall = (options: InjectOptions): boolean => {
  const target = options.url ?? options.path;
  const pathname = typeof target === 'string' ? new URL(target, 'http://localhost').pathname : (target?.pathname ?? '/');
  return pathname === '/api' || pathname.startsWith('/api/');
};

type TCaptured = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** The request exactly as light-my-request would hand it to the app: method, URL with query, headers, body bytes. */
const capture = async (options: InjectOptions): Promise<TCaptured> => {
  let captured: TCaptured | undefined;
  const { simulate: _simulate, signal: _signal, ...plain } = options;
  await lightMyRequest((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      captured = { method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks) };
      response.end();
    });
  }, plain);
  if (!captured) throw new Error('contract proxy: the request could not be captured');
  return captured;
};

/** A payload light-my-request reads once (a stream, a FormData): read into bytes before the app gets it. */
const isOneShot = (payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && (typeof (payload as { resume?: unknown }).resume === 'function' || typeof (payload as FormData).append === 'function');

/** A part's Content-Disposition that Prism's multipart parser (parse-multipart-data) reads without throwing. */
const READABLE_DISPOSITION = /^form-data; name="[^"\\;=\x00-\x1f]*"(?:; filename="[^"\\;=\x00-\x1f]*")?$/i;

/**
 * The copy of a multipart body Prism gets. Prism's multipart parser JSON-parses each `filename="..."` and reads the
 * Content-Type of every file part: a filename with a control character, a quote, a backslash, `;` or `=` (tests of
 * hostile filenames), or a file part without Content-Type, makes it throw, and the throw ends the Prism process.
 * Such part headers are rewritten with those characters replaced by `_` (and `application/octet-stream` added);
 * Prism validates neither filenames nor part types, so what it checks is the same. Other bytes are kept.
 */
export const prismReadableMultipart = (body: Buffer, contentType: string): { body: Buffer; changed: boolean } => {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return { body, changed: false };
  let changed = false;
  const pieces = body.toString('latin1').split(`--${boundary}`);
  const rewritten = pieces.map((piece, index) => {
    const headEnd = piece.indexOf('\r\n\r\n');
    if (index === 0 || piece.startsWith('--') || headEnd < 0) return piece;
    const lines = piece.slice(0, headEnd).split('\r\n');
    const at = lines.findIndex((line) => /^content-disposition:/i.test(line));
    if (at < 0) return piece;
    const value = lines[at]!.replace(/^content-disposition:\s*/i, '');
    const hasType = lines.some((line) => /^content-type:/i.test(line));
    const filename = /;\s*filename="((?:[^"\\]|\\.)*)"/i.exec(value)?.[1];
    if (READABLE_DISPOSITION.test(value) && (filename === undefined || hasType)) return piece;
    const safe = (text: string) => text.replace(/["\\;=\x00-\x1f]/g, '_');
    const name = /;\s*name="((?:[^"\\]|\\.)*)"/i.exec(value)?.[1] ?? '';
    lines[at] = `Content-Disposition: form-data; name="${safe(name)}"${filename === undefined ? '' : `; filename="${safe(filename)}"`}`;
    if (filename !== undefined && !hasType) lines.push('Content-Type: application/octet-stream');
    changed = true;
    return lines.join('\r\n') + piece.slice(headEnd);
  });
  return changed ? { body: Buffer.from(rewritten.join(`--${boundary}`), 'latin1'), changed } : { body, changed };
};

// A connection per call: a kept-alive one may be closed by Prism (its idle timeout) just as a check reuses it
// (ECONNRESET), and a check cannot simply be sent again once Prism has taken the recorded answer.
const agent = new http.Agent({ keepAlive: false, maxSockets: 16 });

const call = (url: URL, options: { method: string; headers: http.OutgoingHttpHeaders; body?: Buffer }) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body && options.body.length > 0 ? options.body : undefined);
  });

/** The headers of an answer as the store replays them; the store sets the length of the body it sends. */
const answerHeaders = (response: LightMyRequestResponse): [string, string][] =>
  Object.entries(response.headers).flatMap(([name, value]): [string, string][] => {
    if (value === undefined || ['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) return [];
    return (Array.isArray(value) ? value : [value]).map((one) => [name, String(one)]);
  });

let sequence = 0;

const parseViolations = (header: string | string[] | undefined): TViolation[] => {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(',') : header;
  try {
    return JSON.parse(text) as TViolation[];
  } catch {
    // Prism cuts the header at 8 kB ("Too many violations! [..."): one entry that says so.
    return [{ location: ['response'], severity: 'Error', message: text.slice(0, 2_000) }];
  }
};

/** Sends the captured request through Prism once, the answer waiting in the store under a fresh id. */
const throughPrism = async (proxy: TContractProxy, captured: TCaptured, response: LightMyRequestResponse, contentType?: string) => {
  const id = `${process.pid}-${++sequence}`;
  const meta = Buffer.from(JSON.stringify({ statusCode: response.statusCode, headers: answerHeaders(response) })).toString('base64url');
  const stored = await call(new URL(`/__contract/answers/${id}`, proxy.storeUrl), {
    method: 'PUT',
    headers: { [ANSWER_HEADER]: meta, 'content-type': 'application/octet-stream', 'content-length': response.rawPayload.length },
    body: response.rawPayload,
  });
  if (stored.status !== 204) throw new Error(`contract proxy: the answer store refused the answer (${stored.status} ${stored.body})`);
  const headers: http.OutgoingHttpHeaders = { ...captured.headers, [ID_HEADER]: id };
  delete headers.host;
  delete headers['transfer-encoding'];
  if (contentType) headers['content-type'] = contentType;
  const multipart = /^multipart\//i.test(String(headers['content-type'] ?? '')) ? prismReadableMultipart(captured.body, String(headers['content-type'])) : undefined;
  // Prism does not forward a GET or HEAD with a body (the app ignores one): Prism gets the call without it.
  const bodyless = captured.method === 'GET' || captured.method === 'HEAD';
  const body = bodyless ? Buffer.alloc(0) : (multipart?.body ?? captured.body);
  if (bodyless) delete headers['content-type'];
  if (body.length > 0) headers['content-length'] = body.length;
  else delete headers['content-length'];
  const answer = await call(new URL(captured.url, proxy.prismUrl), { method: captured.method, headers, body }).catch((error: unknown) => {
    throw new Error(`contract proxy: Prism did not answer (${String(error)}); if it stopped, test-results/contract/prism.log says why`);
  });
  const replayed = answer.headers[REPLAYED_HEADER] === '1';
  if (!replayed) await call(new URL(`/__contract/answers/${id}`, proxy.storeUrl), { method: 'DELETE', headers: {} });
  return { replayed, answer, note: bodyless && captured.body.length > 0 ? 'GET body left out for Prism, which does not forward one' : multipart?.changed ? 'multipart part headers made readable for Prism (prismReadableMultipart)' : undefined };
};

const checkCall = async (proxy: TContractProxy, captured: TCaptured, response: LightMyRequestResponse): Promise<TContractCall> => {
  const base = { method: captured.method, url: captured.url, status: response.statusCode };
  let { replayed, answer, note } = await throughPrism(proxy, captured, response);
  // Prism parses a JSON body before anything else and refuses one that is not JSON without forwarding it: a test of
  // the app's answer to a malformed body goes through again as text, so that the answer is still checked.
  if (!replayed && answer.body.includes('invalid_json')) {
    ({ replayed, answer } = await throughPrism(proxy, captured, response, 'text/plain'));
    note = 'malformed JSON body: sent to Prism as text/plain';
  }
  if (!replayed) return { ...base, checked: false, note: `Prism did not forward the call: ${answer.status} ${answer.body.slice(0, 300)}`, violations: [], expected: [] };
  const all = parseViolations(answer.headers['sl-violations']);
  return {
    ...base,
    checked: true,
    ...(note ? { note } : {}),
    violations: all.filter((violation) => !isExpectedViolation(violation, response.statusCode)),
    expected: all.filter((violation) => isExpectedViolation(violation, response.statusCode)),
  };
};

/**
 * In the contract run, makes every `app.inject({...})` of this app also go through Prism (see above); elsewhere does
 * nothing. The chain and callback forms of inject, which the tests do not use, are left unchecked and counted.
 */
export const checkContract = (app: FastifyInstance): void => {
  const proxy = contractProxy();
  if (!proxy) return;
  const unchecked = app.inject as unknown as (...args: unknown[]) => unknown;
  const original = (options: InjectOptions) => unchecked.call(app, options) as Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    if (!isRestCall(options)) {
      outsideApi += 1;
      return original(options);
    }
    let sent = options;
    let captured: Promise<TCaptured>;
    if (isOneShot(options.payload ?? options.body)) {
      const bytes = await capture(options);
      captured = Promise.resolve(bytes);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(bytes.headers)) if (value !== undefined && name !== 'transfer-encoding') headers[name] = String(value);
      sent = { ...options, body: undefined, payload: bytes.body, headers };
    } else {
      captured = capture(options);
    }
    // The app gets its call at once, as without the proxy (tests of concurrent calls start them together).
    const answered = original(sent);
    const [request, response] = await Promise.all([captured, answered]);
    if (options.simulate) {
      calls.push({ method: request.method, url: request.url, status: response.statusCode, checked: false, note: 'simulated transport (light-my-request `simulate`)', violations: [], expected: [] });
      return response;
    }
    // Checked in the background: the test's timing is the app's alone (tests of latency under load measure it).
    const check = checkCall(proxy, request, response).then(
      (checkedCall) => void calls.push(checkedCall),
      (error: unknown) =>
        void calls.push({ method: request.method, url: request.url, status: response.statusCode, checked: true, violations: [{ location: ['request'], severity: 'Error', message: `not checked: ${String(error)}` }], expected: [] }),
    );
    pending.add(check);
    void check.finally(() => pending.delete(check));
    return response;
  };
  const wrapped = (options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined) {
      calls.push({ method: '?', url: '?', status: 0, checked: false, note: 'inject chain or callback form', violations: [], expected: [] });
      return unchecked.call(app, ...[options, callback].filter((argument) => argument !== undefined));
    }
    return checked(typeof options === 'string' ? { url: options } : options);
  };
  Object.defineProperty(app, 'inject', { value: wrapped, writable: true, configurable: true });
};
