import { CLIENT_RECORD_MSG } from '../../../shared/schemas/client-record';
import type { TDb } from '../../db/database';
import type { TActor, TRequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { insertAuditEntry } from '../auth/auth.repository';

/** The one answer for a client that is missing, deleted or in another corner's book. */
export const clientNotFound = () => new AppError('NOT_FOUND', { userMessage: CLIENT_RECORD_MSG.notFound });

/** Whose book the caller reaches: a corner its own, an admin every corner's (null); a broker none yet. */
export const bookOf = (actor: TActor): string | null => {
  if (actor.role === 'broker') throw clientNotFound();
  return actor.role === 'admin' ? null : actor.userId;
};


/** A change by an admin (or under impersonation) is written to the audit log in the write's transaction. */
export const auditClientChange = async (
  trx: TDb,
  ctx: TRequestContext,
  actor: TActor,
  entry: { cornerId: string; action: string; method: string; path: string; details?: Record<string, unknown> },
) => {
  if (actor.role !== 'admin' && !actor.impersonatorId) return;
  await insertAuditEntry(trx, { adminId: actor.impersonatorId ?? actor.userId, userId: entry.cornerId, action: entry.action, method: entry.method, path: entry.path, ip: ctx.ip, details: entry.details });
};
