import type { TAccountState, TRole } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type {
  TLoginAsRequest,
  TLoginRequest,
  TRecoverPasswordRequest,
  TRegisterRequest,
  TResetPasswordRequest,
  TSessionUser,
  TTokenRequest,
  TUpdatePasswordRequest,
} from '../../../shared/schemas/auth';
import { getDisplayName } from '../../../shared/rules/display-name';
import { normalizeEmail } from '../../../shared/validation/normalize';
import type { TDb } from '../../db/database';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor, requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords';
import { createSecretToken, hashToken, SESSION_TTL_MS } from '../../platform/tokens';
import { publishSessionEnded, type TSessionEnded } from '../../realtime/session-events';
import { createAccounts } from './auth.accounts';
import * as repo from './auth.repository';
import * as users from './users.repository';
import { inviteMail, recoverPasswordMail, verifyEmailMail } from './auth.emails';
import { queueEmail } from '../notifications/email-outbox';

const HOUR = 60 * 60 * 1000;
const IMPERSONATION_TTL_MS = 8 * HOUR;
const VERIFY_TTL_MS = 48 * HOUR;
const RESET_TTL_MS = HOUR;
const INVITE_TTL_MS = 7 * 24 * HOUR;
// Writing last_seen_at on every request would turn each read into a write; once in a while is enough.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** A session signed in this recently may change its password without typing the current one (spec payload). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

const toSessionUser = (user: { id: string; role: string; state: string }): TSessionUser => ({
  id: user.id,
  role: user.role as TRole,
  state: user.state as TAccountState,
});

const refusalFor = (state: string): string | null => {
  if (state === 'inactive') return MSG.accountInactive;
  if (state === 'deleted') return MSG.accountDeleted;
  if (state === 'pending') return MSG.accountPending;
  return null;
};

export type TAuthService = ReturnType<typeof createAuthService>;

/** What other features may react to; wired in platform/services.ts, so auth depends on none of them. */
export type TAuthHooks = {
  /** A corner registered itself (account still pending). Failures are logged, never shown to the user. */
  onUserRegistered?: (user: { id: string; email: string; name: string; referralCode?: string }) => Promise<void>;
};

export const createAuthService = ({ db, config, emailOutbox, limits, logger, sessionCache, bus }: TServiceDeps, hooks: TAuthHooks = {}) => {
  /** Tells every instance (session caches, open sockets and subscriptions); call after the change is committed. */
  const announceSessionEnded = (event: TSessionEnded) =>
    publishSessionEnded(bus, event).catch((error: unknown) => logger.warn({ err: error }, 'fine sessione non annunciata'));

  const endSession = async (actor: TActor) => {
    await repo.deleteSession(db, actor.sessionId);
    sessionCache.delete(actor.sessionId);
    await announceSessionEnded({ userId: actor.userId, sessionId: actor.sessionId });
  };
  /**
   * Ends every session of a user but `exceptSessionId`, and every impersonation token the user issued as an admin.
   * Call inside the transaction; the cache is cleared now and again after commit, when no reader can refill it.
   */
  const endUserSessions = async (trx: TDb, userId: string, exceptSessionId?: string) => {
    await repo.deleteUserSessions(trx, userId, exceptSessionId);
    sessionCache.deleteUser(userId);
  };
  /** After the commit of `endUserSessions`: this instance's cache, then every instance (sockets, subscriptions). */
  const announceUserSessionsEnded = async (userId: string, exceptSessionId?: string) => {
    sessionCache.deleteUser(userId);
    await announceSessionEnded(exceptSessionId ? { userId, exceptSessionId } : { userId });
  };

  /** A bearer session is bound to the admin session issuing it (`impersonator`), and ends with it. */
  const startSession = async (
    ctx: TRequestContext,
    userId: string,
    kind: 'cookie' | 'bearer',
    impersonator: { userId: string; sessionId: string } | null,
  ) => {
    const token = createSecretToken();
    await repo.insertSession(db, {
      id: hashToken(token),
      userId,
      kind,
      impersonatorId: impersonator?.userId ?? null,
      impersonatorSessionId: impersonator?.sessionId ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + (kind === 'bearer' ? IMPERSONATION_TTL_MS : SESSION_TTL_MS)),
    });
    return token;
  };

  /**
   * The current password, unless the session signed in less than RECENT_SIGN_IN_MS ago and left it out. A wrong
   * one counts against the same per-account lock-out as failed logins (keyed by the address, as login does).
   */
  const requireCurrentPassword = async (actor: TActor, currentPassword: string | undefined) => {
    const [session, user] = await Promise.all([repo.findSessionSignIn(db, actor.sessionId), users.findUserById(db, actor.userId)]);
    if (!session || !user) throw new AppError('UNAUTHENTICATED');
    if (currentPassword === undefined) {
      if (Date.now() - session.created_at.getTime() < RECENT_SIGN_IN_MS) return;
      throw new AppError('VALIDATION', { userMessage: MSG.currentPasswordRequired, fields: { currentPassword: [MSG.currentPasswordRequired] } });
    }
    const account = normalizeEmail(user.email);
    if (await limits.loginFailuresPerAccount.isBlocked(account)) throw new AppError('TOO_MANY_REQUESTS', { retryAfter: 15 * 60 });
    const isValid = user.password_hash ? await verifyPassword(user.password_hash, currentPassword) : (await verifyAgainstDummy(currentPassword), false);
    if (!isValid) {
      // Counted; a spent budget shows from the next attempt on, as for logins.
      await limits.loginFailuresPerAccount.consume(account).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      throw new AppError('VALIDATION', { userMessage: MSG.currentPasswordWrong, fields: { currentPassword: [MSG.currentPasswordWrong] } });
    }
    await limits.loginFailuresPerAccount.reset(account);
  };

  const issueToken = async (userId: string, kind: 'verify' | 'reset', ttlMs: number, trx: TDb = db) => {
    const token = createSecretToken();
    await repo.insertUserToken(trx, { userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  };

  return {
    ...createAccounts({ db, bus, logger }, { endUserSessions, announceUserSessionsEnded }),

    /**
     * Finds the actor behind a session token (cookie or bearer); null when unknown, expired or not active, and for
     * an impersonation token also once the admin session that issued it ended or its admin is no longer active.
     */
    resolveSession: async (token: string, via: 'cookie' | 'bearer'): Promise<TActor | null> => {
      if (!token || token.length > 100) return null;
      const sessionId = hashToken(token);
      const cached = sessionCache.get(sessionId);
      if (cached) return cached.via === via ? cached : null;
      const row = await repo.findActiveSession(db, sessionId);
      if (!row || row.state !== 'active' || row.kind !== via) return null;
      if (Date.now() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
        repo.touchSession(db, sessionId).catch((error: unknown) => logger.warn({ err: error }, 'session touch failed'));
      }
      const actor: TActor = {
        userId: row.user_id,
        role: row.role as TRole,
        state: row.state as TAccountState,
        sessionId,
        via,
        impersonatorId: row.impersonator_id,
        impersonatorSessionId: row.impersonator_session_id,
      };
      sessionCache.set(actor, row.expires_at);
      return actor;
    },

    /** GET /api/auth/me: who the request acts as. */
    me: (ctx: TRequestContext): TSessionUser => {
      const actor = requireActor(ctx);
      return { id: actor.userId, role: actor.role, state: actor.state };
    },

    /**
     * Checks the credentials and opens a new cookie session (a new token at every login, so a planted cookie
     * is worthless). Refuses inactive, deleted and unverified accounts with their reason.
     */
    login: async (ctx: TRequestContext, input: TLoginRequest): Promise<{ user: TSessionUser; token: string }> => {
      // Guessing makes failures; an office behind one address makes many successes. So failures are limited per
      // account and per IP, and every attempt only against a per-IP ceiling far above what people log in.
      await limits.loginPerIp.consume(ctx.ip);
      if ((await limits.loginFailuresPerIp.isBlocked(ctx.ip)) || (await limits.loginFailuresPerAccount.isBlocked(input.email))) {
        throw new AppError('TOO_MANY_REQUESTS', { retryAfter: 15 * 60 });
      }
      const user = await users.findUserByEmail(db, input.email);
      const isValid = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : (await verifyAgainstDummy(input.password), false);
      if (!user || !isValid) {
        // The failure is counted; a spent budget shows from the next attempt on, this one answers as any failure.
        const countFailure = (hit: Promise<void>) =>
          hit.catch((error: unknown) => {
            if (!(error instanceof AppError)) throw error;
          });
        await Promise.all([countFailure(limits.loginFailuresPerIp.consume(ctx.ip)), countFailure(limits.loginFailuresPerAccount.consume(input.email))]);
        throw new AppError('UNAUTHENTICATED', { userMessage: MSG.wrongCredentials });
      }
      const refusal = refusalFor(user.state);
      if (refusal) throw new AppError('FORBIDDEN', { userMessage: refusal });
      await limits.loginFailuresPerAccount.reset(input.email);
      if (ctx.actor?.via === 'cookie') await endSession(ctx.actor);
      const token = await startSession(ctx, user.id, 'cookie', null);
      return { user: toSessionUser(user), token };
    },

    /** Ends the session the request came with: a bearer ends only that token, a cookie ends its session. */
    logout: async (ctx: TRequestContext): Promise<{ message: string }> => {
      if (ctx.actor) await endSession(ctx.actor);
      return { message: MSG.loggedOut };
    },

    /** Self-registration of a corner: account `pending` until the e-mailed link is opened; answers the account's id too. */
    register: async (ctx: TRequestContext, input: TRegisterRequest): Promise<{ message: string; userId: string }> => {
      await limits.registerPerIp.consume(ctx.ip);
      await limits.registerPerAccount.consume(input.email);
      if (await users.findUserByEmail(db, input.email)) {
        throw new AppError('CONFLICT', { userMessage: MSG.emailTaken, fields: { email: [MSG.emailTaken] } });
      }
      const passwordHash = await hashPassword(input.password);
      const name = getDisplayName({ type: input.type, name: input.name, surname: input.surname, business: input.business });
      const user = await db.transaction().execute(async (trx) => {
        const created = await users.insertUser(trx, {
          email: input.email,
          password_hash: passwordHash,
          role: 'corner',
          state: 'pending',
          type: input.type,
          name: input.name,
          surname: input.surname,
          business: input.type === 'azienda' ? input.business : '',
          vat: input.vat,
          phone: input.phone,
          privacy_accepted_at: new Date(),
        });
        // The link and its e-mail are committed with the account: once the answer leaves, a crash loses neither.
        const token = await issueToken(created.id, 'verify', VERIFY_TTL_MS, trx);
        await queueEmail(trx, verifyEmailMail(input.email, name, `${config.publicUrl}/accedi?verifica=${token}`, config.supportEmail));
        return created;
      }).catch((error: unknown) => {
        // Two registrations racing for one address: the unique index decides.
        if (String((error as { code?: string }).code) === '23505') {
          throw new AppError('CONFLICT', { userMessage: MSG.emailTaken, fields: { email: [MSG.emailTaken] } });
        }
        throw error;
      });
      emailOutbox.kick();
      await hooks.onUserRegistered?.({ id: user.id, email: input.email, name, referralCode: input.referralCode }).catch((error: unknown) =>
        logger.error({ err: error, userId: user.id }, 'avviso di nuova registrazione non riuscito'),
      );
      return { message: MSG.registered, userId: user.id };
    },

    /** Opens the e-mailed link: a pending account becomes active. */
    verifyEmail: async (input: TTokenRequest): Promise<{ message: string }> => {
      const used = await repo.consumeUserToken(db, hashToken(input.token), 'verify');
      if (!used) throw new AppError('BAD_REQUEST', { userMessage: MSG.tokenInvalid });
      await users.activatePendingUser(db, used.user_id);
      return { message: MSG.emailVerified };
    },

    /**
     * Same answer, and no extra work on the request path, whether or not the address exists: the lookup always
     * runs; for a real account the token and the e-mail are written to the outbox in one transaction after the
     * answer (durable from that commit on), and the outbox worker sends it.
     */
    recoverPassword: async (ctx: TRequestContext, input: TRecoverPasswordRequest): Promise<{ message: string }> => {
      await limits.recoverPerIp.consume(ctx.ip);
      const user = await users.findUserByEmail(db, input.email);
      const isAllowed = await limits.recoverPerAccount
        .consume(input.email)
        .then(() => true)
        .catch(() => false);
      if (user && isAllowed && (user.state === 'active' || user.state === 'pending')) {
        emailOutbox.later(() =>
          db.transaction().execute(async (trx) => {
            const token = await issueToken(user.id, 'reset', RESET_TTL_MS, trx);
            await queueEmail(trx, recoverPasswordMail(user.email, `${config.publicUrl}/recupero-password?token=${token}`, config.supportEmail));
          }),
        );
      }
      return { message: MSG.recoverSent };
    },

    /**
     * Sets a new password from an e-mailed token: single use, ends every session (and the impersonation tokens an
     * admin issued), does not log in.
     */
    resetPassword: async (input: TResetPasswordRequest): Promise<{ message: string }> => {
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction().execute(async (trx) => {
        const used = await repo.consumeUserToken(trx, hashToken(input.token), 'reset');
        if (!used) throw new AppError('BAD_REQUEST', { userMessage: MSG.tokenInvalid, fields: { token: [MSG.tokenInvalid] } });
        const user = await users.findUserById(trx, used.user_id);
        if (!user || user.state === 'deleted' || user.state === 'inactive') {
          throw new AppError('BAD_REQUEST', { userMessage: MSG.tokenInvalid });
        }
        // Opening a link sent to the address proves it, so a pending account is verified too.
        await users.setPasswordHash(trx, user.id, passwordHash, { verify: user.state === 'pending' });
        await repo.invalidateUserTokens(trx, user.id, 'reset');
        await endUserSessions(trx, user.id);
        return user.id;
      });
      await announceUserSessionsEnded(userId);
      return { message: MSG.passwordReset };
    },

    /**
     * Changes the caller's password and ends its other sessions (and the impersonation tokens it issued). Not
     * allowed while impersonating. Past RECENT_SIGN_IN_MS from the session's sign-in the current password is
     * required, so a stolen session cannot take the account over; when given it is always checked.
     */
    updatePassword: async (ctx: TRequestContext, input: TUpdatePasswordRequest): Promise<{ message: string }> => {
      const actor = requireActor(ctx);
      if (actor.impersonatorId) throw new AppError('FORBIDDEN', { userMessage: MSG.impersonationForbiddenAction });
      await requireCurrentPassword(actor, input.currentPassword);
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await users.setPasswordHash(trx, actor.userId, passwordHash);
        await endUserSessions(trx, actor.userId, actor.sessionId);
      });
      await announceUserSessionsEnded(actor.userId, actor.sessionId);
      return { message: MSG.passwordUpdated };
    },

    /**
     * An admin acts as another user through a bearer token bound to the admin. No nested impersonation, and
     * admins cannot be impersonated. The start itself is audited.
     */
    loginAs: async (ctx: TRequestContext, input: TLoginAsRequest): Promise<TSessionUser & { token: string }> => {
      const actor = requireActor(ctx);
      if (actor.impersonatorId) throw new AppError('FORBIDDEN', { userMessage: MSG.nestedImpersonation });
      requireAdmin(ctx);
      const target = await users.findUserById(db, input.userId);
      if (!target || target.state === 'deleted') throw new AppError('NOT_FOUND', { userMessage: MSG.userNotFound });
      if (target.role === 'admin') throw new AppError('FORBIDDEN', { userMessage: MSG.cannotImpersonateAdmin });
      if (target.state !== 'active') {
        throw new AppError('CONFLICT', { userMessage: `Puoi operare solo come un utente attivo: questo account è ${target.state === 'inactive' ? 'disattivo' : 'in attesa'}.` });
      }
      const token = await startSession(ctx, target.id, 'bearer', { userId: actor.userId, sessionId: actor.sessionId });
      await repo.insertAuditEntry(db, { adminId: actor.userId, userId: target.id, action: 'login-as', ip: ctx.ip });
      return { token, ...toSessionUser(target) };
    },

    /** Audit line for a request made by an admin as another user. */
    recordImpersonatedRequest: (actor: TActor, request: { method: string; path: string; statusCode: number; ip: string }) =>
      repo.insertAuditEntry(db, {
        adminId: actor.impersonatorId!,
        userId: actor.userId,
        action: 'request',
        method: request.method,
        path: request.path.slice(0, 500),
        statusCode: request.statusCode,
        ip: request.ip,
      }),

    /**
     * Queues for a new user the link to choose a password (same flow as recovery, longer validity), in `trx`: the
     * transaction that creates the user, so the two are committed together. Call `emailOutbox.kick()` after commit.
     */
    sendInvite: async (trx: TDb, user: { id: string; email: string; name: string }) => {
      const token = await issueToken(user.id, 'reset', INVITE_TTL_MS, trx);
      await queueEmail(trx, inviteMail(user.email, user.name, `${config.publicUrl}/recupero-password?token=${token}`, config.supportEmail));
    },

    /** The invitation again (an admin resends it): its own transaction, sent at once. */
    inviteAgain: async (user: { id: string; email: string; name: string }) => {
      await db.transaction().execute(async (trx) => {
        const token = await issueToken(user.id, 'reset', INVITE_TTL_MS, trx);
        await queueEmail(trx, inviteMail(user.email, user.name, `${config.publicUrl}/recupero-password?token=${token}`, config.supportEmail));
      });
      emailOutbox.kick();
    },

    /** Queues for an account the recovery e-mail (a link valid an hour), committed before it returns; the caller checked who asks. */
    sendPasswordReset: async (user: { id: string; email: string }) => {
      await db.transaction().execute(async (trx) => {
        const token = await issueToken(user.id, 'reset', RESET_TTL_MS, trx);
        await queueEmail(trx, recoverPasswordMail(user.email, `${config.publicUrl}/recupero-password?token=${token}`, config.supportEmail));
      });
      emailOutbox.kick();
    },
  };
};
