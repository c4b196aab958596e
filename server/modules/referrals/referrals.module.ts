import { defineModule } from '../../platform/module';
import { REFERRAL_SHARE_JOB, type TReferralShareJob } from '../ledger/ledger.service';
import { REFERRALS_DOCS } from './referrals.openapi';
import { referralsRest } from './referrals.rest';
import { referralsRouter } from './referrals.router';
import { createReferralsService, type TReferralsService } from './referrals.service';

declare module '../../platform/services' {
  interface TServices {
    referrals: TReferralsService;
  }
}

/** Referral links, referrals and the notice of each share (the shares themselves are ledger entries). */
export const referralsModule = defineModule({
  key: 'referrals',
  needs: ['ledger', 'settings', 'notifications'],
  service: (deps, { ledger, settings, notifications }) => createReferralsService(deps, { ledger, settings, notifications }),
  trpc: { referrals: referralsRouter },
  rest: [referralsRest],
  openapi: REFERRALS_DOCS,
  jobs: ({ services }) => [{ name: REFERRAL_SHARE_JOB, handler: (payload: TReferralShareJob) => services.referrals.notifyShare(payload) }],
});
