import { MSG } from '../../../shared/messages';
import { ADMIN_USER_MSG, type TAdminUpdateUserBody, type TAdminUserDetail } from '../../../shared/schemas/admin-users';
import { getDisplayName } from '../../../shared/rules/display-name';
import type { TBrokerType } from '../../../shared/constants';
import type { TRuiSection, TTier } from '../../../shared/tiers';
import type { TRequestContext } from '../../platform/context';
import { requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { TAuthService } from '../auth/auth.service';
import type { TAdminAccountUpdate } from '../auth/users.repository';

export type TAdminUsersHooks = {
  /** After an admin changed an account (the notifications service tells the admins: `user_update`). */
  onUserUpdated?: (user: { email: string; name: string }) => Promise<void>;
  /** After an account's tier changed: its open sessions reload what they may see (settings sync). */
  onTierChanged?: (userId: string) => Promise<void>;
};

const STATE_LABELS: Record<string, string> = { active: 'attivo', inactive: 'disattivo', pending: 'in attesa', deleted: 'eliminato' };

const invalid = (field: string, message: string) => new AppError('VALIDATION', { userMessage: message, fields: { [field]: [message] } });

type TAccountRow = NonNullable<Awaited<ReturnType<TAuthService['findAccount']>>>;

const toDetail = (row: TAccountRow): TAdminUserDetail => ({
  id: row.id,
  email: row.email,
  name: row.name,
  surname: row.surname,
  business: row.business,
  vat: row.vat,
  cf: row.cf,
  phone: row.phone,
  tier: row.tier as TTier | null,
  rui: row.rui_section && row.rui_number ? { section: row.rui_section as TRuiSection, number: row.rui_number, verifiedAt: row.rui_verified_at } : null,
  brokerType: row.broker_type as TBrokerType | null,
});

/** The admins' changes to one account: its data, tier and RUI registration, and the e-mails they resend (issue 28). */
export const createAdminUsers = ({ logger }: Pick<TServiceDeps, 'logger'>, auth: TAuthService, hooks: TAdminUsersHooks = {}) => {
  /** The account, unless missing or deleted (NOT_FOUND). */
  const liveAccount = async (userId: string) => {
    const row = await auth.findAccount(userId);
    if (!row || row.state === 'deleted') throw new AppError('NOT_FOUND', { userMessage: MSG.userNotFound });
    return row;
  };

  return {
    /** An account's data as the edit dialog shows it (admin only). */
    getUser: async (ctx: TRequestContext, userId: string): Promise<TAdminUserDetail> => {
      requireAdmin(ctx);
      return toDetail(await liveAccount(userId));
    },

    /**
     * An admin changes an account: profile fields, a corner's tier and RUI registration (silver and gold require
     * one), a broker's sector. A changed tier reaches the corner's open sessions at once; the admins are told.
     */
    updateUser: async (ctx: TRequestContext, userId: string, input: TAdminUpdateUserBody): Promise<TAdminUserDetail> => {
      const actor = requireAdmin(ctx);
      const row = await liveAccount(userId);
      const isCorner = row.role === 'corner';
      if (input.tier !== undefined && !isCorner) throw invalid('tier', ADMIN_USER_MSG.tierOnlyCorner);
      if (input.rui !== undefined && !isCorner) throw invalid('rui', ADMIN_USER_MSG.ruiOnlyCorner);
      if (input.brokerType !== undefined && row.role !== 'broker') throw invalid('brokerType', ADMIN_USER_MSG.brokerTypeOnlyBroker);
      const values: TAdminAccountUpdate = {};
      for (const key of ['name', 'surname', 'business', 'vat', 'cf', 'phone'] as const) {
        if (input[key] !== undefined) values[key] = input[key];
      }
      if (input.brokerType !== undefined) values.broker_type = input.brokerType;
      if (input.rui !== undefined) {
        const isSame = input.rui?.number === row.rui_number && input.rui?.section === row.rui_section;
        values.rui_section = input.rui?.section ?? null;
        values.rui_number = input.rui?.number ?? null;
        // The admin entering a registration is its verification; an unchanged one keeps its date.
        values.rui_verified_at = input.rui ? (isSame ? row.rui_verified_at : new Date()) : null;
      }
      const tier = input.tier ?? (row.tier as TTier | null);
      const hasRui = input.rui !== undefined ? input.rui !== null : row.rui_number !== null;
      if (isCorner && (tier === 'silver' || tier === 'gold') && !hasRui && (input.tier !== undefined || input.rui !== undefined)) {
        throw invalid(input.tier !== undefined ? 'tier' : 'rui', ADMIN_USER_MSG.ruiRequired);
      }
      if (input.tier !== undefined) values.tier = input.tier;
      if (Object.keys(values).length === 0) throw new AppError('VALIDATION', { userMessage: ADMIN_USER_MSG.nothingToChange });
      await auth.updateAccount(userId, values);
      logger.info({ userId, fields: Object.keys(values), by: actor.userId }, 'utente modificato da amministratore');
      const updated = await liveAccount(userId);
      if (input.tier !== undefined && input.tier !== row.tier) {
        await hooks.onTierChanged?.(userId).catch((error: unknown) => logger.warn({ err: error, userId }, 'cambio di livello non annunciato'));
      }
      await hooks
        .onUserUpdated?.({ email: updated.email, name: getDisplayName(updated) })
        .catch((error: unknown) => logger.error({ err: error, userId }, 'notifica modifica utente non riuscita'));
      return toDetail(updated);
    },

    /** Sends the account again the link to choose a password (the invitation of an admin-created account). */
    resendInvite: async (ctx: TRequestContext, userId: string): Promise<{ message: string }> => {
      requireAdmin(ctx);
      const row = await liveAccount(userId);
      if (row.state === 'inactive') throw new AppError('CONFLICT', { userMessage: ADMIN_USER_MSG.cannotInviteState(STATE_LABELS[row.state]!) });
      await auth.inviteAgain({ id: row.id, email: row.email, name: getDisplayName(row) });
      return { message: ADMIN_USER_MSG.inviteSent };
    },

    /** Sends the account the password-reset e-mail (the same link as the recovery asked by the user). */
    sendPasswordReset: async (ctx: TRequestContext, userId: string): Promise<{ message: string }> => {
      requireAdmin(ctx);
      const row = await liveAccount(userId);
      if (row.state === 'inactive') throw new AppError('CONFLICT', { userMessage: ADMIN_USER_MSG.cannotResetState(STATE_LABELS[row.state]!) });
      await auth.sendPasswordReset({ id: row.id, email: row.email });
      return { message: ADMIN_USER_MSG.resetSent };
    },
  };
};
