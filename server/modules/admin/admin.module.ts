import { defineModule } from '../../platform/module';
import { adminRest } from './admin.rest';
import { adminRouter } from './admin.router';
import { createAdminService, type TAdminService } from './admin.service';

declare module '../../platform/services' {
  interface TServices {
    admin: TAdminService;
  }
}

/** User management by the admins; a broker they create is announced to the other admins (notifications). */
export const adminModule = defineModule({
  key: 'admin',
  needs: ['auth', 'notifications'],
  service: (deps, { auth, notifications }) =>
    createAdminService(deps, auth, {
      onBrokerCreated: async (broker) => {
        await notifications.notifyNewBroker(broker);
      },
    }),
  trpc: { admin: adminRouter },
  rest: [adminRest],
});
