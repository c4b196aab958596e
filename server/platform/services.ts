import { createAdminService } from '../modules/admin/admin.service';
import { createChatService } from '../modules/chat/chat.service';
import { createAuthService } from '../modules/auth/auth.service';
import { createClientsService } from '../modules/clients/clients.service';
import { createConfigService } from '../modules/config/config.service';
import { createFilesService } from '../modules/files/files.service';
import { createAdminDocsService } from '../modules/files/admin-docs.service';
import { createContractService } from '../modules/contract/contract.service';
import { createNewsService } from '../modules/news/news.service';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { createPaymentsService } from '../modules/payments/payments.service';
import { createProfileService } from '../modules/profile/profile.service';
import { createSettingsService } from '../modules/settings/settings.service';
import { createSyncService } from '../modules/sync/sync.service';
import type { TPushTransport } from '../modules/notifications/web-push';
import type { TServiceDeps } from './deps';

/** One instance of every feature service; REST, tRPC and socket adapters all call these. */
export const createServices = (deps: TServiceDeps, hooks: { onEmailQueued?: () => void; pushTransport?: TPushTransport } = {}) => {
  const notifications = createNotificationsService(deps, { onEmailQueued: hooks.onEmailQueued, pushTransport: hooks.pushTransport });
  const auth = createAuthService(deps, {
    onUserRegistered: async (user) => {
      await notifications.notifyNewUser(user);
    },
  });
  const profile = createProfileService(deps, {
    onCornerProfileUpdated: async (user) => {
      await notifications.notifyUserUpdate(user);
    },
    // `contract` is built below; profiles are read only once every service exists.
    contractOf: (userId) => contract.summaryOf(userId),
  });
  const settings = createSettingsService(deps);
  const chat = createChatService(deps);
  const files = createFilesService(deps, { canAccessRoom: chat.canAccessRoom });
  const adminDocs = createAdminDocsService(deps, files);
  const contract = createContractService(deps, { files, adminDocs, profile, settings });
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
    chat,
    config: createConfigService(deps),
    files,
    adminDocs,
    contract,
    sync: createSyncService({ profile, settings, payments, clients }),
  };
};

export type TServices = ReturnType<typeof createServices>;
