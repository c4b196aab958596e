import type { TAccountState, TRole } from '../../shared/constants';
import { AppError } from './errors';

/** Who is calling: the user the request acts as, and the admin behind it when impersonating. */
export type TActor = {
  userId: string;
  role: TRole;
  state: TAccountState;
  /** Hash of the session token (the sessions table key). */
  sessionId: string;
  via: 'cookie' | 'bearer';
  impersonatorId: string | null;
  /** When impersonating: the admin's own session that issued this token; the token ends with it. */
  impersonatorSessionId?: string | null;
};

/** Per-request facts every service receives; built by the REST, tRPC and socket adapters alike. */
export type TRequestContext = {
  actor: TActor | null;
  ip: string;
  userAgent: string | null;
};

export const requireActor = (ctx: TRequestContext): TActor => {
  if (!ctx.actor) throw new AppError('UNAUTHENTICATED');
  return ctx.actor;
};

export const requireAdmin = (ctx: TRequestContext): TActor => {
  const actor = requireActor(ctx);
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
  return actor;
};

export const requireRole = (ctx: TRequestContext, roles: readonly TRole[]): TActor => {
  const actor = requireActor(ctx);
  if (!roles.includes(actor.role)) throw new AppError('FORBIDDEN');
  return actor;
};
