import type { TDb } from '../../db/database';

/**
 * Owns: `sessions`, `user_tokens`, `audit_log` (module auth; `users` is in users.repository.ts; map in
 * server/platform/table-ownership.unit.test.ts). Other modules write the audit log with insertAuditEntry in their own
 * transaction, and filter by live sessions with liveSessionIds.
 */

/**
 * The one query behind every authenticated request: session and user state by token hash. An impersonation
 * token counts only while the admin session that issued it is unexpired and its admin still an active admin.
 */
export const findActiveSession = (db: TDb, sessionId: string) => {
  const now = new Date();
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('sessions as issuer', 'issuer.id', 's.impersonator_session_id')
    .leftJoin('users as admin', 'admin.id', 'issuer.user_id')
    .select(['s.id', 's.kind', 's.impersonator_id', 's.impersonator_session_id', 's.last_seen_at', 's.expires_at', 'u.id as user_id', 'u.role', 'u.state'])
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', now)
    .where((eb) =>
      eb.or([
        eb.and([eb('s.impersonator_id', 'is', null), eb('s.impersonator_session_id', 'is', null)]),
        eb.and([
          eb('issuer.expires_at', '>', now),
          eb('admin.id', '=', eb.ref('s.impersonator_id')),
          eb('admin.role', '=', 'admin'),
          eb('admin.state', '=', 'active'),
        ]),
      ]),
    )
    .executeTakeFirst();
};

export const insertSession = (
  db: TDb,
  session: {
    id: string;
    userId: string;
    kind: 'cookie' | 'bearer';
    impersonatorId: string | null;
    /** The admin session issuing an impersonation token (required for `bearer`). */
    impersonatorSessionId?: string | null;
    ip: string;
    userAgent: string | null;
    expiresAt: Date;
  },
) =>
  db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      kind: session.kind,
      impersonator_id: session.impersonatorId,
      impersonator_session_id: session.impersonatorSessionId ?? null,
      ip: session.ip,
      user_agent: session.userAgent,
      expires_at: session.expiresAt,
    })
    .execute();

/** When the session signed in (a recent sign-in may change the password without the current one). */
export const findSessionSignIn = (db: TDb, sessionId: string) =>
  db.selectFrom('sessions').select(['created_at']).where('id', '=', sessionId).executeTakeFirst();

export const deleteSession = (db: TDb, sessionId: string) => db.deleteFrom('sessions').where('id', '=', sessionId).execute();

/** Every session of a user, and every impersonation token the user issued as an admin, except one session. */
export const deleteUserSessions = (db: TDb, userId: string, exceptSessionId?: string) => {
  let query = db.deleteFrom('sessions').where((eb) => eb.or([eb('user_id', '=', userId), eb('impersonator_id', '=', userId)]));
  if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
  return query.execute();
};

/** Subquery of the unexpired sessions' ids, for other modules' statements (push subscriptions of live sessions). */
export const liveSessionIds = (db: TDb) => db.selectFrom('sessions').select('sessions.id').where('sessions.expires_at', '>', new Date());

export const touchSession = (db: TDb, sessionId: string) =>
  db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', sessionId).execute();

export const insertUserToken = (db: TDb, token: { userId: string; kind: 'verify' | 'reset'; tokenHash: string; expiresAt: Date }) =>
  db
    .insertInto('user_tokens')
    .values({ user_id: token.userId, kind: token.kind, token_hash: token.tokenHash, expires_at: token.expiresAt })
    .execute();

/** Marks a token used in the same statement that finds it, so two concurrent uses cannot both succeed. */
export const consumeUserToken = (db: TDb, tokenHash: string, kind: 'verify' | 'reset') =>
  db
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id'])
    .executeTakeFirst();

export const invalidateUserTokens = (db: TDb, userId: string, kind: 'verify' | 'reset') =>
  db.updateTable('user_tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute();

export const insertAuditEntry = (
  db: TDb,
  entry: { adminId: string; userId: string; action: string; method?: string; path?: string; statusCode?: number; ip?: string; details?: Record<string, unknown> },
) =>
  db
    .insertInto('audit_log')
    .values({
      admin_id: entry.adminId,
      user_id: entry.userId,
      action: entry.action,
      method: entry.method ?? null,
      path: entry.path ?? null,
      status_code: entry.statusCode ?? null,
      ip: entry.ip ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
