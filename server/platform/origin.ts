import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
/** Where `npx vite` serves the client in development, proxying /api, /trpc and /ws to this server. */
const VITE_DEV_PORT = '5173';

const trustedByPublicUrl = new Map<string, ReadonlySet<string>>();

/**
 * The origins a browser may act from: PUBLIC_URL's, never the request's own Host (which the sender chooses).
 * A local install (PUBLIC_URL on a loopback name) also trusts the other loopback spellings of the same port,
 * which are the same server, and the Vite dev server on the same machine (:5173), whose proxy forwards the
 * browser's Origin.
 */
export const trustedOrigins = (publicUrl: string): ReadonlySet<string> => {
  const cached = trustedByPublicUrl.get(publicUrl);
  if (cached) return cached;
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    const port = url.port ? `:${url.port}` : '';
    for (const host of LOOPBACK_HOSTS) {
      origins.add(`${url.protocol}//${host}${port}`);
      origins.add(`http://${host}:${VITE_DEV_PORT}`);
    }
  }
  trustedByPublicUrl.set(publicUrl, origins);
  return origins;
};

/** The one rule. An opaque origin ('null') never passes. */
const isTrustedOrigin = (origin: string, publicUrl: string): boolean => origin !== 'null' && trustedOrigins(publicUrl).has(origin.toLowerCase());

const isWebSocketUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

/**
 * Cross-site request forgery guard: a state-changing request that carries an Origin must come from PUBLIC_URL's
 * origin. Requests without Origin (non-browser clients) are let through; browsers always send it on
 * cross-origin POST, PATCH, PUT and DELETE, and on every WebSocket handshake, which is a GET but opens a channel
 * that acts with the user's cookie (cross-site WebSocket hijacking). The request's Host is not compared: a
 * request to this server under another name (DNS rebinding) would otherwise pass with a matching Origin.
 */
export const isAllowedOrigin = (request: FastifyRequest, publicUrl: string): boolean => {
  if (SAFE_METHODS.has(request.method) && !isWebSocketUpgrade(request)) return true;
  const origin = request.headers.origin;
  if (!origin) return true;
  return isTrustedOrigin(origin, publicUrl);
};

/** The same rule for a raw request that never passes through Fastify (the socket.io handshake). */
export const isAllowedRawOrigin = (request: IncomingMessage, options: { publicUrl: string }): boolean => {
  const origin = request.headers.origin;
  if (!origin) return true;
  return isTrustedOrigin(origin, options.publicUrl);
};
