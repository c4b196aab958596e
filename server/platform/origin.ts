import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing request that carries an Origin must come from this
 * server's own origin or PUBLIC_URL. Requests without Origin (non-browser clients) are let through; browsers
 * always send it on cross-origin POST, PATCH, PUT and DELETE.
 */
export const isAllowedOrigin = (request: FastifyRequest, publicUrl: string): boolean => {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === 'null') return false;
  const own = `${request.protocol}://${request.host}`;
  return origin === own || origin === new URL(publicUrl).origin;
};
