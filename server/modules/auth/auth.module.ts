import { defineModule } from '../../platform/module';
import { AUTH_DOCS } from './auth.openapi';
import { authRest } from './auth.rest';
import { authRouter } from './auth.router';
import { createAuthService, type TAuthService } from './auth.service';

declare module '../../platform/services' {
  interface TServices {
    auth: TAuthService;
  }
}

/** Accounts and sessions; a corner that registers itself is announced to the admins (notifications) and, through a referral link, to its referrer. */
export const authModule = defineModule({
  key: 'auth',
  needs: ['notifications'],
  // Referrals need the ledger, which reads accounts: reached at registration time, not while building.
  late: ['referrals'],
  service: (deps, { notifications }, late) =>
    createAuthService(deps, {
      onUserRegistered: async (user) => {
        if (user.referralCode) await late.referrals().recordRegistration(user.id, user.referralCode);
        await notifications.notifyNewUser(user);
      },
    }),
  trpc: { auth: authRouter },
  rest: [authRest],
  openapi: AUTH_DOCS,
});
