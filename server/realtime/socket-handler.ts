import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { TClientToServerEvents, TJson, TServerToClientEvents, TSocketAck } from '../../shared/realtime';
import type { TActor, TRequestContext } from '../platform/context';
import { AppError, toErrorBody } from '../platform/errors';
import type { TServices } from '../platform/services';

/** Set by the handshake: every connected socket is authenticated. */
export type TSocketData = { ctx: TRequestContext; actor: TActor };

export type TAppSocket = Socket<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;

/** A feature's socket.io adapter (`<feature>.socket.ts`): registers its client events on each new socket. */
export type TSocketFeature = (socket: TAppSocket, deps: { services: TServices; logger: FastifyBaseLogger }) => void;

/** socket.io sends JSON: dates become ISO strings on the wire, which is what the event types say. */
export const asWire = <T>(value: T): TJson<T> => value as unknown as TJson<T>;

/**
 * Runs a client event's work and answers its acknowledgement, when the client asked for one, with the data or
 * the error body of spec section 8. Unexpected failures are logged and answered as INTERNAL.
 */
export const answerSocketCall = async <T>(work: () => Promise<T>, ack: unknown, logger: FastifyBaseLogger): Promise<void> => {
  const reply = typeof ack === 'function' ? (ack as (result: TSocketAck<T>) => void) : undefined;
  try {
    const data = await work();
    reply?.({ ok: true, data });
  } catch (error) {
    const appError = error instanceof AppError ? error : new AppError('INTERNAL', { cause: error });
    if (appError.code === 'INTERNAL') logger.error({ err: appError.cause ?? appError }, 'evento socket non riuscito');
    reply?.({ ok: false, error: toErrorBody(appError) });
  }
};
