import { z } from 'zod';
import { ZReferralSettings, ZReferralsOverview } from '../../../shared/schemas/referrals';
import { adminProcedure, authedProcedure, router } from '../../trpc/trpc';

/** `referrals.*`: the corner's link and referrals; the admin's rules of the share. */
export const referralsRouter = router({
  overview: authedProcedure.output(ZReferralsOverview).query(({ ctx }) => ctx.services.referrals.overview(ctx.ctx)),
  admin: router({
    settings: adminProcedure.output(ZReferralSettings).query(({ ctx }) => ctx.services.referrals.getSettings(ctx.ctx)),
    saveSettings: adminProcedure
      .input(ZReferralSettings)
      .output(z.object({ message: z.string(), settings: ZReferralSettings }))
      .mutation(({ ctx, input }) => ctx.services.referrals.saveSettings(ctx.ctx, input)),
  }),
});
