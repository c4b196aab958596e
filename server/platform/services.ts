import { createAdminService } from '../modules/admin/admin.service';
import { createAuthService } from '../modules/auth/auth.service';
import { createClientsService } from '../modules/clients/clients.service';
import { createConfigService } from '../modules/config/config.service';
import { createNewsService } from '../modules/news/news.service';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { createPaymentsService } from '../modules/payments/payments.service';
import { createProfileService } from '../modules/profile/profile.service';
import { createSettingsService } from '../modules/settings/settings.service';
import { createSyncService } from '../modules/sync/sync.service';
import type { TServiceDeps } from './deps';

/** One instance of every feature service; REST, tRPC and socket adapters all call these. */
export const createServices = (deps: TServiceDeps, hooks: { onEmailQueued?: () => void } = {}) => {
  const notifications = createNotificationsService(deps, { onEmailQueued: hooks.onEmailQueued });
  const auth = createAuthService(deps, {
    onUserRegistered: async (user) => {
      await notifications.notifyNewUser(user);
    },
  });
  const profile = createProfileService(deps, {
    onCornerProfileUpdated: async (user) => {
      await notifications.notifyUserUpdate(user);
    },
  });
  const settings = createSettingsService(deps);
  const clients = createClientsService(deps);
  const payments = createPaymentsService(deps, settings);
  return {
    auth,
    admin: createAdminService(deps, auth, {
      onBrokerCreated: async (broker) => {
        await notifications.notifyNewBroker(broker);
      },
    }),
    profile,
    settings,
    clients,
    payments,
    news: createNewsService(deps),
    notifications,
    config: createConfigService(deps),
    sync: createSyncService({ profile, settings, payments, clients }),
  };
};

export type TServices = ReturnType<typeof createServices>;
