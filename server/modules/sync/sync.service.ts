import type { TSyncLogin } from '../../../shared/schemas/data';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TClientsService } from '../clients/clients.service';
import type { TPaymentsService } from '../payments/payments.service';
import type { TProfileService } from '../profile/profile.service';
import type { TSettingsService } from '../settings/settings.service';

export type TSyncService = ReturnType<typeof createSyncService>;

export const createSyncService = (services: {
  profile: TProfileService;
  settings: TSettingsService;
  payments: TPaymentsService;
  clients: TClientsService;
}) => ({
  /**
   * GET /api/sync-login (spec section 6): profile, the settings block (not for brokers), payments (corners and
   * admins), all clients, and the admin settings for admins only.
   */
  syncLogin: async (ctx: TRequestContext): Promise<TSyncLogin> => {
    const actor = requireActor(ctx);
    const isBroker = actor.role === 'broker';
    const isAdmin = actor.role === 'admin';
    const [profile, settings, payments, clients, adminSettings] = await Promise.all([
      services.profile.get(ctx),
      isBroker ? undefined : services.settings.getSettings(ctx),
      isBroker ? undefined : services.payments.summarize(actor.userId),
      services.clients.list(ctx, { page: 1, limit: 0, sort: 'name' }),
      isAdmin ? services.settings.getAdminSettings(ctx) : undefined,
    ]);
    return {
      profile,
      ...(settings ? { settings } : {}),
      ...(payments ? { payments } : {}),
      clients: clients.list,
      ...(adminSettings ? { adminSettings } : {}),
    };
  },
});
