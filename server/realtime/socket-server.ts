import { EventEmitter } from 'node:events';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { SOCKET_PATH, type TClientToServerEvents, type TServerToClientEvents } from '../../shared/realtime';
import type { TConfig } from '../config';
import { AppError, toErrorBody } from '../platform/errors';
import { contextFromIncoming } from '../platform/http-context';
import { isAllowedRawOrigin } from '../platform/origin';
import { currentRequestId } from '../platform/request-context';
import type { TLimiter } from '../platform/rate-limit';
import type { TServices } from '../platform/services';
import type { TEventBus } from './event-bus';
import { createRoomBroadcast } from './room-broadcast';
import { endsSessionOf, SESSIONS_TOPIC } from './session-events';
import type { TSocketData, TSocketFeature } from './socket-handler';
import { isClientEvent, isClientTopic, topics } from './topics';

type TAppServer = Server<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;

/** What socket.io's connect_error carries: the message and the error body of spec section 8. */
const handshakeError = (appError: AppError) => Object.assign(new Error(appError.userMessage), { data: toErrorBody(appError) });

/**
 * @fastify/websocket routes every upgrade through Fastify, which would answer socket.io's with a 404 and
 * destroy the socket. It gets its own emitter instead, fed with every upgrade outside SOCKET_PATH; engine.io
 * listens on the server itself and, with `destroyUpgrade: false`, leaves those alone.
 */
const splitUpgrades = (httpServer: HttpServer) => {
  const otherUpgrades = new EventEmitter();
  httpServer.on('upgrade', (request, socket, head) => {
    if (request.url?.startsWith(SOCKET_PATH)) return;
    otherUpgrades.emit('upgrade', request, socket, head);
  });
  return otherUpgrades;
};

/**
 * socket.io at /ws/ (spec section 7) on Fastify's HTTP server. A connection is authenticated at the handshake
 * (session cookie, or the impersonation token as `auth.token`) and joins its user's, its role's and the `all`
 * topics. Each topic is one bus subscription per process, fanned out to the sockets in the room of that name.
 */
export const createSocketServer = (options: {
  httpServer: HttpServer;
  services: TServices;
  bus: TEventBus;
  config: TConfig;
  /** The budget of client events of each user (shared by the instances: app.ts). */
  eventLimit: TLimiter;
  logger: FastifyBaseLogger;
  features: readonly TSocketFeature[];
}) => {
  const { services, bus, config, logger, eventLimit } = options;
  const otherUpgrades = splitUpgrades(options.httpServer);
  const io: TAppServer = new Server(options.httpServer, {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    destroyUpgrade: false,
    maxHttpBufferSize: 1024 * 1024,
    serveClient: false,
    allowRequest: (request, callback) => callback(null, isAllowedRawOrigin(request, config)),
  });


  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : null;
    contextFromIncoming(services.auth, socket.request, token, config.trustProxy).then(
      (ctx) => {
        if (!ctx.actor) return next(handshakeError(new AppError('UNAUTHENTICATED')));
        socket.data.ctx = ctx;
        socket.data.actor = ctx.actor;
        socket.data.eventLimit = eventLimit;
        next();
      },
      (error: unknown) => {
        logger.error({ err: error }, 'autenticazione socket non riuscita');
        next(handshakeError(new AppError('INTERNAL')));
      },
    );
  });

  // One debug line per event sent: off the fan-out path unless the level shows it.
  const logsEvents = logger.level === 'debug' || logger.level === 'trace';
  const rooms = io.of('/').adapter;
  const topicSubscriptions = new Map<string, () => void>();
  const broadcast = createRoomBroadcast(io as unknown as Server);
  rooms.on('create-room', (room: string) => {
    if (!isClientTopic(room) || topicSubscriptions.has(room)) return;
    topicSubscriptions.set(
      room,
      // JSON encoding turns dates into the ISO strings the event types promise.
      bus.subscribe(room, (payload) => {
        if (!isClientEvent(payload)) return;
        broadcast(room, payload.event, payload.data, payload.except);
        // Named by the request that published it, on this instance or another (the bus carries its id).
        if (logsEvents) logger.debug({ reqId: currentRequestId(), event: payload.event, room }, 'evento realtime inviato');
      }),
    );
  });
  rooms.on('delete-room', (room: string) => {
    topicSubscriptions.get(room)?.();
    topicSubscriptions.delete(room);
  });

  // The sockets of an admin's impersonation tokens sit in the impersonated user's room; this internal room (not a
  // client topic, so no bus subscription) finds them when the admin's sessions end.
  const impersonatedBy = (adminId: string) => `impersonated-by:${adminId}`;
  const unsubscribeSessions = bus.subscribe(SESSIONS_TOPIC, (event) => {
    const userId = (event as { userId?: unknown }).userId;
    if (typeof userId !== 'string') return;
    const candidates = [...(rooms.rooms.get(topics.user(userId)) ?? []), ...(rooms.rooms.get(impersonatedBy(userId)) ?? [])];
    for (const socketId of candidates) {
      const socket = io.of('/').sockets.get(socketId);
      if (socket && endsSessionOf(event, socket.data.actor)) socket.disconnect(true);
    }
  });

  io.on('connection', (socket) => {
    const { actor } = socket.data;
    void socket.join([topics.user(actor.userId), topics.role(actor.role), topics.all, ...(actor.impersonatorId ? [impersonatedBy(actor.impersonatorId)] : [])]);
    const setups = options.features.map((feature) => feature(socket, { services, logger }));
    // 'online' once every feature has joined its topics: from then on nothing addressed to this user is missed.
    void Promise.allSettled(setups).then(() => {
      if (socket.connected) socket.emit('online', true);
    });
  });

  return {
    io,
    /** Upgrades for every other path, for @fastify/websocket (its `options.server`). */
    otherUpgrades,
    /** Disconnects every socket and stops listening; the HTTP server itself is Fastify's to close. */
    close: () => {
      unsubscribeSessions();
      io.disconnectSockets(true);
      io.engine.close();
      for (const unsubscribe of topicSubscriptions.values()) unsubscribe();
      topicSubscriptions.clear();
    },
  };
};
