import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseCookie } from 'cookie';
import type { TActor, TRequestContext } from './context';
import { SESSION_TTL_MS } from './tokens';

export const SESSION_COOKIE = 'sid';

/** What the context needs from the auth module (its service fits): platform depends on no module. */
export type TSessionResolver = { resolveSession: (token: string, via: 'cookie' | 'bearer') => Promise<TActor | null> };

const readBearer = (header: string | undefined): string | null => {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

/**
 * Builds the request context from a bearer token (impersonation) or the session cookie. A bearer header wins:
 * while impersonating, the admin's own cookie is still sent by the browser.
 */
export const resolveContext = async (
  auth: TSessionResolver,
  input: { authorization?: string; cookieHeader?: string; token?: string | null; ip: string; userAgent?: string },
): Promise<TRequestContext> => {
  const base = { ip: input.ip, userAgent: input.userAgent ?? null };
  const bearer = input.token ?? readBearer(input.authorization);
  if (bearer) return { ...base, actor: await auth.resolveSession(bearer, 'bearer') };
  const cookieToken = input.cookieHeader ? parseCookie(input.cookieHeader)[SESSION_COOKIE] : undefined;
  return { ...base, actor: cookieToken ? await auth.resolveSession(cookieToken, 'cookie') : null };
};

export const contextFromRequest = (auth: TSessionResolver, request: FastifyRequest) =>
  resolveContext(auth, {
    authorization: request.headers.authorization,
    cookieHeader: request.headers.cookie,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

/**
 * The client's address of a raw request, as Fastify's `request.ip` reads it with `trustProxy: true`: behind a trusted
 * proxy the first address of `X-Forwarded-For` (the proxy replaces what the client sent), else the connection's.
 */
export const clientAddressOf = (request: IncomingMessage, trustProxy: boolean): string => {
  const forwarded = trustProxy ? request.headers['x-forwarded-for'] : undefined;
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : '';
  return first || request.socket.remoteAddress || 'unknown';
};

/** For WebSocket upgrades, where only the raw request is at hand. */
export const contextFromIncoming = (auth: TSessionResolver, request: IncomingMessage, token: string | null, trustProxy: boolean) =>
  resolveContext(auth, {
    authorization: request.headers.authorization,
    cookieHeader: request.headers.cookie,
    token,
    ip: clientAddressOf(request, trustProxy),
    userAgent: request.headers['user-agent'],
  });

export const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) => {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
};

export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) => {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
};
