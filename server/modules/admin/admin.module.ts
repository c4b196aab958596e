import { defineModule } from '../../platform/module';
import { ADMIN_DOCS } from './admin.openapi';
import { adminRest } from './admin.rest';
import { adminRouter } from './admin.router';
import { createAdminService, type TAdminService } from './admin.service';

declare module '../../platform/services' {
  interface TServices {
    admin: TAdminService;
  }
}

/**
 * User management by the admins; a broker they create and an account they change are announced to the admins
 * (notifications); a changed tier makes the corner's open sessions reload what they may see (settings sync).
 */
export const adminModule = defineModule({
  key: 'admin',
  needs: ['auth', 'notifications', 'settings'],
  service: (deps, { auth, notifications, settings }) =>
    createAdminService(deps, auth, {
      onBrokerCreated: async (broker) => {
        await notifications.notifyNewBroker(broker);
      },
      onUserUpdated: async (user) => {
        await notifications.notifyUserUpdate(user);
      },
      onTierChanged: (userId) => settings.syncUser(userId),
    }),
  trpc: { admin: adminRouter },
  rest: [adminRest],
  openapi: ADMIN_DOCS,
});
