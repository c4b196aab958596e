import { randomBytes } from 'node:crypto';
import { MSG } from '../../../shared/messages';
import type { TAdminUser, TCreateUserRequest, TListUsersQuery, TSetUserStateRequest } from '../../../shared/schemas/auth';
import type { TAccountState, TBrokerType, TRole, TUserType } from '../../../shared/constants';
import { sql } from 'kysely';
import { getDisplayName } from '../../../shared/rules/display-name';
import type { TRequestContext } from '../../platform/context';
import { requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { findUserByEmail, insertUser } from '../auth/auth.repository';
import type { TAuthService } from '../auth/auth.service';
import { containsPattern } from '../../db/like';
import type { TOneTimeMessageRequest } from '../../../shared/schemas/notifications';
import { publishToClients, topics } from '../../realtime/topics';

export type TAdminHooks = {
  /** After an admin created a broker account (the notifications service tells the admins: `new_broker`). */
  onBrokerCreated?: (broker: { id: string; email: string; name: string; brokerType: TBrokerType | null }) => Promise<void>;
};

export type TAdminService = ReturnType<typeof createAdminService>;

export const createAdminService = ({ db, config, logger, bus, emailOutbox }: TServiceDeps, auth: TAuthService, hooks: TAdminHooks = {}) => ({
  /** GET /api/admin/users: accounts by search text, role and state, newest first (admin only). */
  listUsers: async (ctx: TRequestContext, query: TListUsersQuery): Promise<{ list: TAdminUser[]; total: number }> => {
    requireAdmin(ctx);
    let base = db.selectFrom('users');
    if (query.role) base = base.where('role', '=', query.role);
    if (query.state) base = base.where('state', '=', query.state);
    if (query.q) {
      const pattern = containsPattern(query.q);
      base = base.where((eb) =>
        eb.or(
          [sql<string>`lower(email)`, sql<string>`lower(name || ' ' || surname)`, sql<string>`lower(surname || ' ' || name)`, sql<string>`lower(business)`].map(
            (expression) => eb(expression, 'like', pattern),
          ),
        ),
      );
    }
    const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    let rows = base
      .select(['id', 'email', 'role', 'state', 'type', 'name', 'surname', 'business', 'broker_type', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id');
    if (query.limit > 0) rows = rows.limit(query.limit).offset((query.page - 1) * query.limit);
    return {
      list: (await rows.execute()).map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role as TRole,
        state: row.state as TAccountState,
        type: row.type as TUserType,
        name: row.name,
        surname: row.surname,
        business: row.business,
        brokerType: row.broker_type as TBrokerType | null,
        createdAt: row.created_at,
      })),
      total: Number(total),
    };
  },

  /** Creates an active account (admin only) and e-mails the new user a link to choose a password. */
  createUser: async (ctx: TRequestContext, input: TCreateUserRequest): Promise<{ id: string }> => {
    requireAdmin(ctx);
    if (await findUserByEmail(db, input.email)) {
      throw new AppError('CONFLICT', { userMessage: MSG.emailTaken, fields: { email: [MSG.emailTaken] } });
    }
    // The invitation is committed with the account, so an answered creation always gets its e-mail.
    const user = await db
      .transaction()
      .execute(async (trx) => {
        const created = await insertUser(trx, {
          email: input.email,
          password_hash: null,
          role: input.role,
          state: 'active',
          type: input.type,
          name: input.name,
          surname: input.surname,
          business: input.business,
          broker_type: input.role === 'broker' ? (input.brokerType ?? null) : null,
          email_verified_at: new Date(),
        });
        await auth.sendInvite(trx, { id: created.id, email: input.email, name: getDisplayName(input) });
        return created;
      })
      .catch((error: unknown) => {
        // Two creations racing for one address: the unique index decides.
        if (String((error as { code?: string }).code) === '23505') {
          throw new AppError('CONFLICT', { userMessage: MSG.emailTaken, fields: { email: [MSG.emailTaken] } });
        }
        throw error;
      });
    emailOutbox.kick();
    logger.info({ userId: user.id, role: input.role, by: ctx.actor?.userId }, 'utente creato da amministratore');
    if (input.role === 'broker') {
      await hooks
        .onBrokerCreated?.({ id: user.id, email: input.email, name: getDisplayName(input), brokerType: input.brokerType ?? null })
        .catch((error: unknown) => logger.error({ err: error, userId: user.id }, 'notifica nuovo broker non riuscita'));
    }
    return { id: user.id };
  },

  /**
   * An admin activates or deactivates another account (not its own, nor a deleted one). Deactivating ends every
   * session of the account and the impersonation tokens it issued, on every instance, in the same transaction.
   */
  setUserState: async (ctx: TRequestContext, input: TSetUserStateRequest): Promise<{ id: string; state: TAccountState }> => {
    const actor = requireAdmin(ctx);
    if (input.userId === actor.userId) throw new AppError('FORBIDDEN', { userMessage: MSG.cannotChangeOwnState });
    const isEnding = input.state !== 'active';
    await db.transaction().execute(async (trx) => {
      const target = await trx.selectFrom('users').select(['id', 'state']).where('id', '=', input.userId).forUpdate().executeTakeFirst();
      if (!target || target.state === 'deleted') throw new AppError('NOT_FOUND', { userMessage: MSG.userNotFound, fields: { userId: [MSG.userNotFound] } });
      await trx.updateTable('users').set({ state: input.state, updated_at: new Date() }).where('id', '=', input.userId).execute();
      if (isEnding) await auth.endUserSessions(trx, input.userId);
    });
    if (isEnding) await auth.announceUserSessionsEnded(input.userId);
    logger.info({ userId: input.userId, state: input.state, by: actor.userId }, 'stato utente cambiato da amministratore');
    return { id: input.userId, state: input.state };
  },

  /**
   * POST /api/admin/onetime-message (admin only): a notice shown once, to one user (its open connections) or,
   * without userId, to everyone connected. Travels over the bus as the socket.io `onetimemessage` event; not stored.
   */
  sendOneTimeMessage: async (ctx: TRequestContext, input: TOneTimeMessageRequest): Promise<{ sent: true }> => {
    requireAdmin(ctx);
    const { userId, ...message } = input;
    if (userId) {
      const target = await db.selectFrom('users').select('id').where('id', '=', userId).where('state', '<>', 'deleted').executeTakeFirst();
      if (!target) throw new AppError('NOT_FOUND', { userMessage: MSG.userNotFound, fields: { userId: [MSG.userNotFound] } });
    }
    await publishToClients(bus, userId ? topics.user(userId) : topics.all, { event: 'onetimemessage', data: message });
    return { sent: true };
  },

  /**
   * Makes sure the platform has an administrator: creates ADMIN_EMAIL when no admin exists. Without
   * ADMIN_PASSWORD a password is generated and printed once.
   */
  ensureFirstAdmin: async (): Promise<{ created: boolean; email: string; generatedPassword?: string }> => {
    const existing = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('state', '<>', 'deleted').executeTakeFirst();
    if (existing) return { created: false, email: config.adminEmail };
    const generatedPassword = config.adminPassword ? undefined : `${randomBytes(9).toString('base64url')}7a`;
    const password = config.adminPassword ?? generatedPassword!;
    const clash = await findUserByEmail(db, config.adminEmail);
    if (clash) {
      await db
        .updateTable('users')
        .set({ role: 'admin', state: 'active', broker_type: null, password_hash: await hashPassword(password) })
        .where('id', '=', clash.id)
        .execute();
    } else {
      await insertUser(db, {
        email: config.adminEmail,
        password_hash: await hashPassword(password),
        role: 'admin',
        state: 'active',
        type: 'persona',
        name: 'Amministratore',
        surname: '',
        email_verified_at: new Date(),
      });
    }
    return { created: true, email: config.adminEmail, generatedPassword };
  },
});
