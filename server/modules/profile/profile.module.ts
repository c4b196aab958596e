import { defineModule } from '../../platform/module';
import { PROFILE_DOCS } from './profile.openapi';
import { profileRest } from './profile.rest';
import { profileRouter } from './profile.router';
import { createProfileService, type TProfileService } from './profile.service';

declare module '../../platform/services' {
  interface TServices {
    profile: TProfileService;
  }
}

/**
 * The user's own profile (its row of `users`, through the auth service); a corner's changes are announced to the admins (notifications). The one cycle between
 * modules: a profile shows its contract progress, and the contract is built from the profile, so `contract` is a
 * late dependency, read when a profile is, never while the services are built.
 */
export const profileModule = defineModule({
  key: 'profile',
  needs: ['notifications', 'auth'],
  late: ['contract'],
  service: (deps, { notifications, auth }, late) =>
    createProfileService(deps, auth, {
      onCornerProfileUpdated: async (user) => {
        await notifications.notifyUserUpdate(user);
      },
      contractOf: (userId) => late.contract().summaryOf(userId),
    }),
  trpc: { profile: profileRouter },
  rest: [profileRest],
  openapi: PROFILE_DOCS,
});
