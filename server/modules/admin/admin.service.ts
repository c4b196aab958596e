import { randomBytes } from 'node:crypto';
import { MSG } from '../../../shared/messages';
import type { TCreateUserRequest } from '../../../shared/schemas/auth';
import { getDisplayName } from '../../../shared/rules/display-name';
import type { TRequestContext } from '../../platform/context';
import { requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { findUserByEmail, insertUser } from '../auth/auth.repository';
import type { TAuthService } from '../auth/auth.service';

export type TAdminService = ReturnType<typeof createAdminService>;

export const createAdminService = ({ db, config, logger }: TServiceDeps, auth: TAuthService) => ({
  /** Creates an active account (admin only) and e-mails the new user a link to choose a password. */
  createUser: async (ctx: TRequestContext, input: TCreateUserRequest): Promise<{ id: string }> => {
    requireAdmin(ctx);
    if (await findUserByEmail(db, input.email)) {
      throw new AppError('CONFLICT', { userMessage: MSG.emailTaken, fields: { email: [MSG.emailTaken] } });
    }
    const user = await insertUser(db, {
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
    await auth.sendInvite({ id: user.id, email: input.email, name: getDisplayName(input) });
    logger.info({ userId: user.id, role: input.role, by: ctx.actor?.userId }, 'utente creato da amministratore');
    return { id: user.id };
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
