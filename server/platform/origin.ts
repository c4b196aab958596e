import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one rule: this server's own origin or PUBLIC_URL's. An opaque origin ('null') never passes. */
const isTrustedOrigin = (origin: string, ownOrigin: string, publicUrl: string): boolean =>
  origin !== 'null' && (origin === ownOrigin || origin === new URL(publicUrl).origin);

const isWebSocketUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

/**
 * Cross-site request forgery guard: a state-changing request that carries an Origin must come from this
 * server's own origin or PUBLIC_URL. Requests without Origin (non-browser clients) are let through; browsers
 * always send it on cross-origin POST, PATCH, PUT and DELETE, and on every WebSocket handshake, which is a GET
 * but opens a channel that acts with the user's cookie (cross-site WebSocket hijacking).
 */
export const isAllowedOrigin = (request: FastifyRequest, publicUrl: string): boolean => {
  if (SAFE_METHODS.has(request.method) && !isWebSocketUpgrade(request)) return true;
  const origin = request.headers.origin;
  if (!origin) return true;
  return isTrustedOrigin(origin, `${request.protocol}://${request.host}`, publicUrl);
};

const firstValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() || undefined;

/**
 * The same rule for a raw request that never passes through Fastify (the socket.io handshake), where the
 * forwarded headers count only behind a trusted proxy, as they do for Fastify's own requests.
 */
export const isAllowedRawOrigin = (request: IncomingMessage, options: { publicUrl: string; trustProxy: boolean }): boolean => {
  const origin = request.headers.origin;
  if (!origin) return true;
  const protocol = (options.trustProxy ? firstValue(request.headers['x-forwarded-proto']) : undefined) ?? ((request.socket as TLSSocket).encrypted ? 'https' : 'http');
  const host = (options.trustProxy ? firstValue(request.headers['x-forwarded-host']) : undefined) ?? request.headers.host;
  return isTrustedOrigin(origin, `${protocol}://${host}`, options.publicUrl);
};
