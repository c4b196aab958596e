import type { TBrokerType, TTaxRegime, TUserType } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { computeProfileStatus } from '../../../shared/rules/profile-status';
import { getDisplayName } from '../../../shared/rules/display-name';
import { NO_CONTRACT, type TContractSummary } from '../../../shared/schemas/contract';
import type { TProfile, TUpdateProfileRequest } from '../../../shared/schemas/profile';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import type { TDb } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { TAuthService } from '../auth/auth.service';
import type { TProfileRow } from '../auth/users.repository';
import type { TTier } from '../../../shared/tiers';

export const toProfile = (row: TProfileRow, contract: TContractSummary = NO_CONTRACT): TProfile => {
  const user = {
    id: row.id,
    type: row.type as TUserType,
    name: row.name,
    surname: row.surname,
    business: row.business,
    vat: row.vat,
    cf: row.cf,
    taxRegime: row.tax_regime as TTaxRegime | null,
    hasEmployee: row.has_employee,
    img: row.img_path ? { path: row.img_path } : null,
    email: row.email,
    phone: row.phone,
  };
  const tier = row.role === 'corner' ? ((row.tier as TTier | null) ?? 'gold') : null;
  const status = computeProfileStatus({ ...user, role: row.role });
  const broker =
    row.role === 'broker' && row.broker_type
      ? { name: getDisplayName(user), type: row.broker_type as TBrokerType, img: user.img }
      : null;
  return { user: { ...user, status, tier, contract }, broker };
};

export type TProfileService = ReturnType<typeof createProfileService>;

export type TProfileHooks = {
  /** After a corner changed its profile (the notifications service tells the admins: `user_update`). */
  onCornerProfileUpdated?: (user: { id: string; email: string; name: string }) => Promise<void>;
  /** The user's contract progress (the contract service), shown as `user.contract`. */
  contractOf?: (userId: string) => Promise<TContractSummary>;
};

/**
 * The profile is the caller's own row of `users`, which the auth module owns: read and written through the auth
 * service (server/platform/table-ownership.unit.test.ts).
 */
export const createProfileService = (
  { logger }: TServiceDeps,
  auth: Pick<TAuthService, 'findProfileAccount' | 'updateProfileFields'>,
  hooks: TProfileHooks = {},
) => {
  const get = async (ctx: TRequestContext): Promise<TProfile> => {
    const actor = requireActor(ctx);
    const row = await auth.findProfileAccount(actor.userId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return toProfile(row, (await hooks.contractOf?.(row.id)) ?? NO_CONTRACT);
  };

  return {
    /** GET /api/profile: the caller's user data and, for brokers, its broker card. */
    get,

    /** Whether the caller's profile is complete (spec section 4 `status`), read through `within` (a transaction, or the database). */
    statusOf: async (ctx: TRequestContext, within: TDb): Promise<TProfile['user']['status']> => {
      const row = await auth.findProfileAccount(requireActor(ctx).userId, within);
      if (!row) throw new AppError('UNAUTHENTICATED');
      return toProfile(row).user.status;
    },

    /**
     * PATCH /api/profile (spec section 7). Input already validated by the shared schema (tax regime for
     * companies, codice fiscale and partita IVA checks); empty fields are stored as empty strings.
     */
    update: async (ctx: TRequestContext, input: TUpdateProfileRequest): Promise<TProfile & { message: string }> => {
      const actor = requireActor(ctx);
      const { user } = input;
      await auth.updateProfileFields(actor.userId, {
        type: user.type,
        name: user.name,
        surname: user.surname,
        cf: user.cf,
        business: user.business,
        vat: user.vat,
        tax_regime: input.taxRegime,
        has_employee: input.hasEmployee,
      });
      const profile = await get(ctx);
      // Admins acting as the corner change its profile too: the admins hear of it either way.
      if (actor.role === 'corner') {
        await hooks
          .onCornerProfileUpdated?.({ id: profile.user.id, email: profile.user.email, name: getDisplayName(profile.user) })
          .catch((error: unknown) => logger.error({ err: error, userId: actor.userId }, 'notifica aggiornamento profilo non riuscita'));
      }
      return { ...profile, message: MSG.profileUpdated };
    },
  };
};
