import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The request id that work started by a request carries on: a job enqueued while the request is handled (an
 * e-mail is one) stores it in its payload, and the logs of that job's run name it as `reqId`, the key of Fastify's
 * request logs, so one search finds the request, its jobs and its e-mails, on whatever instance they ran. An event
 * the request publishes carries it too (server/realtime/pg-event-bus.ts), so its delivery to sockets on another
 * instance logs the same id.
 */
type TRequestScope = { requestId: string; kind: 'request' | 'job' | 'event' };

const scope = new AsyncLocalStorage<TRequestScope>();

/** The key under which a job's payload carries the request id (removed before its handler sees the payload). */
export const JOB_REQUEST_ID_KEY = '_requestId';

// What a trusted proxy may send as X-Request-Id: short, and safe to put in a log line or a header.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * Fastify's `genReqId`: unique across instances and restarts (the default counts from 1 in every process), or the
 * proxy's X-Request-Id when the proxy is trusted, so its access log and ours name the same id.
 */
export const requestIdGenerator =
  (trustProxy: boolean) =>
  (request: IncomingMessage): string => {
    const given = trustProxy ? request.headers['x-request-id'] : undefined;
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  };

/** Runs the rest of a request's handling (a hook's `done`) as that request's. */
export const runAsRequest = (requestId: string, next: () => void) => scope.run({ requestId, kind: 'request' }, next);

/** Runs a job's handler as the request that enqueued it, when one did. */
export const runAsJobOf = <T>(requestId: string | undefined, run: () => Promise<T>): Promise<T> =>
  requestId ? scope.run({ requestId, kind: 'job' }, run) : run();

/** Delivers an event from another instance as the request that published it, when one did. */
export const runAsEventOf = <T>(requestId: string | undefined, run: () => T): T =>
  requestId ? scope.run({ requestId, kind: 'event' }, run) : run();

/** The id of the request (or of the request behind the job or the event) running now, if any. */
export const currentRequestId = (): string | undefined => scope.getStore()?.requestId;

/**
 * The logger's `mixin`: `reqId` on the log lines of a job run for a request, and of an event's delivery on another
 * instance. Request logs have it already (Fastify's child logger), so it is not added twice there.
 */
export const requestIdLogMixin = (): { reqId?: string } => {
  const current = scope.getStore();
  return current?.kind === 'job' || current?.kind === 'event' ? { reqId: current.requestId } : {};
};

/** Runs `run` outside any request: the job runner's own work, whichever request's kick started its timer. */
export const outsideRequests = <T>(run: () => T): T => scope.exit(run);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A job's payload as stored: with the current request's id, when there is one and the payload is an object. */
export const withRequestId = (payload: unknown): unknown => {
  const requestId = currentRequestId();
  return requestId && isPlainObject(payload) ? { ...payload, [JOB_REQUEST_ID_KEY]: requestId } : payload;
};

/** A stored payload split back into what the handler gets and the request id it carried. */
export const takeRequestId = (stored: unknown): { payload: unknown; requestId: string | undefined } => {
  if (!isPlainObject(stored) || typeof stored[JOB_REQUEST_ID_KEY] !== 'string') return { payload: stored, requestId: undefined };
  const { [JOB_REQUEST_ID_KEY]: requestId, ...payload } = stored;
  return { payload, requestId: requestId as string };
};
