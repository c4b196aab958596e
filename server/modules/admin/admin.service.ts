import { randomBytes } from 'node:crypto';
import { MSG } from '../../../shared/messages';
import type { TAdminUser, TCreateUserRequest, TListUsersQuery, TSetUserStateRequest } from '../../../shared/schemas/auth';
import type { TAccountState, TBrokerType, TRole, TUserType } from '../../../shared/constants';
import { getDisplayName } from '../../../shared/rules/display-name';
import type { TRequestContext } from '../../platform/context';
import { requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { TAuthService } from '../auth/auth.service';
import type { TOneTimeMessageRequest } from '../../../shared/schemas/notifications';
import { publishToClients, topics } from '../../realtime/topics';
import { createAdminUsers, type TAdminUsersHooks } from './admin-users.service';
import { createAdminUserDeletion } from './admin-users-delete';
import type { TTier } from '../../../shared/tiers';

export type TAdminHooks = TAdminUsersHooks & {
  /** After an admin created a broker account (the notifications service tells the admins: `new_broker`). */
  onBrokerCreated?: (broker: { id: string; email: string; name: string; brokerType: TBrokerType | null }) => Promise<void>;
};

export type TAdminService = ReturnType<typeof createAdminService>;

export const createAdminService = ({ db, config, logger, bus, emailOutbox }: TServiceDeps, auth: TAuthService, hooks: TAdminHooks = {}) => ({
  ...createAdminUsers({ logger }, auth, hooks),
  ...createAdminUserDeletion({ logger }, auth, hooks),

  /** GET /api/admin/users: accounts by search text, role and state, newest first (admin only). */
  listUsers: async (ctx: TRequestContext, query: TListUsersQuery): Promise<{ list: TAdminUser[]; total: number }> => {
    requireAdmin(ctx);
    const { rows, total } = await auth.listAccounts(query);
    return {
      list: rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role as TRole,
        state: row.state as TAccountState,
        type: row.type as TUserType,
        name: row.name,
        surname: row.surname,
        business: row.business,
        brokerType: row.broker_type as TBrokerType | null,
        tier: row.role === 'corner' ? ((row.tier as TTier | null) ?? 'gold') : null,
        createdAt: row.created_at,
      })),
      total,
    };
  },

  /** Creates an active account (admin only) and e-mails the new user a link to choose a password. */
  createUser: async (ctx: TRequestContext, input: TCreateUserRequest): Promise<{ id: string }> => {
    requireAdmin(ctx);
    if (await auth.findAccountByEmail(input.email)) {
      throw new AppError('CONFLICT', { userMessage: MSG.emailTaken, fields: { email: [MSG.emailTaken] } });
    }
    // The invitation is committed with the account, so an answered creation always gets its e-mail.
    const user = await db
      .transaction()
      .execute(async (trx) => {
        const created = await auth.createAccount(
          {
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
          },
          trx,
        );
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
    await auth.setAccountState(input.userId, input.state);
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
      if (!(await auth.isLiveAccount(userId))) throw new AppError('NOT_FOUND', { userMessage: MSG.userNotFound, fields: { userId: [MSG.userNotFound] } });
    }
    await publishToClients(bus, userId ? topics.user(userId) : topics.all, { event: 'onetimemessage', data: message });
    return { sent: true };
  },

  /**
   * Makes sure the platform has an administrator: creates ADMIN_EMAIL when no admin exists. Without
   * ADMIN_PASSWORD a password is generated and printed once.
   */
  ensureFirstAdmin: async (): Promise<{ created: boolean; email: string; generatedPassword?: string }> => {
    if (await auth.hasAdmin()) return { created: false, email: config.adminEmail };
    const generatedPassword = config.adminPassword ? undefined : `${randomBytes(9).toString('base64url')}7a`;
    const password = config.adminPassword ?? generatedPassword!;
    const clash = await auth.findAccountByEmail(config.adminEmail);
    if (clash) {
      await auth.promoteToAdmin(clash.id, await hashPassword(password));
    } else {
      await auth.createAccount({
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
