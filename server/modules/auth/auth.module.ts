import { defineModule } from '../../platform/module';
import { authRest } from './auth.rest';
import { authRouter } from './auth.router';
import { createAuthService, type TAuthService } from './auth.service';

declare module '../../platform/services' {
  interface TServices {
    auth: TAuthService;
  }
}

/** Accounts and sessions; a corner that registers itself is announced to the admins (notifications). */
export const authModule = defineModule({
  key: 'auth',
  needs: ['notifications'],
  service: (deps, { notifications }) =>
    createAuthService(deps, {
      onUserRegistered: async (user) => {
        await notifications.notifyNewUser(user);
      },
    }),
  trpc: { auth: authRouter },
  rest: [authRest],
});
