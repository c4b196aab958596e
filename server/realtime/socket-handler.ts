import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { TClientToServerEvents, TJson, TServerToClientEvents, TSocketAck } from '../../shared/realtime';
import type { TActor, TRequestContext } from '../platform/context';
import { AppError, ERROR_MAP, toErrorBody } from '../platform/errors';
import type { TLimiter } from '../platform/rate-limit';
import type { TServices } from '../platform/services';

/**
 * Set by the handshake: every connected socket is authenticated. `eventLimit`: the budget of client events of the
 * socket's user (all its connections on this instance), spent by answerSocketCall.
 */
export type TSocketData = { ctx: TRequestContext; actor: TActor; eventLimit: TLimiter };

export type TAppSocket = Socket<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;

/**
 * A feature's socket.io adapter (`<feature>.socket.ts`): registers its client events on each new socket. A promise
 * it returns (topics still to join) is awaited before the socket is told it is `online`.
 */
export type TSocketFeature = (socket: TAppSocket, deps: { services: TServices; logger: FastifyBaseLogger }) => void | Promise<void>;

/** socket.io sends JSON: dates become ISO strings on the wire, which is what the event types say. */
export const asWire = <T>(value: T): TJson<T> => value as unknown as TJson<T>;

export type TSocketCall = { socket: TAppSocket; services: TServices; logger: FastifyBaseLogger; event: string };

/**
 * Runs a client event's work and answers its acknowledgement, when the client asked for one, with the data or
 * the error body of spec section 8. Unexpected failures are logged and answered as INTERNAL. What an admin does
 * while impersonating is written to the audit log (as `SOCKET <event>`) before the answer leaves, as for REST.
 */
export const answerSocketCall = async <T>({ socket, services, logger, event }: TSocketCall, work: () => Promise<T>, ack: unknown): Promise<void> => {
  const reply = typeof ack === 'function' ? (ack as (result: TSocketAck<T>) => void) : undefined;
  let result: TSocketAck<T>;
  let statusCode = 200;
  try {
    await socket.data.eventLimit.consume(socket.data.actor.userId);
    result = { ok: true, data: await work() };
  } catch (error) {
    const appError = error instanceof AppError ? error : new AppError('INTERNAL', { cause: error });
    if (appError.code === 'INTERNAL') logger.error({ err: appError.cause ?? appError, event }, 'evento socket non riuscito');
    statusCode = ERROR_MAP[appError.code].status;
    result = { ok: false, error: toErrorBody(appError) };
  }
  const { actor, ctx } = socket.data;
  if (actor.impersonatorId) {
    await services.auth
      .recordImpersonatedRequest(actor, { method: 'SOCKET', path: event, statusCode, ip: ctx.ip })
      .catch((error: unknown) => logger.error({ err: error, event }, 'audit log write failed'));
  }
  reply?.(result);
};
