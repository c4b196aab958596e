import { z } from 'zod';
import { ZAdminPayout, ZAdminPayouts, ZAdminPayoutsQuery, ZPayout, ZPayoutProfile, ZPayoutRequestInput, ZPayoutsOverview, ZPayPayoutInput, ZPlatformCompany } from '../../../shared/schemas/payouts';
import { adminProcedure, authedProcedure, router } from '../../trpc/trpc';

const ZPayoutId = z.object({ id: z.string() });

/** `payouts.*`: the corner's payouts (ask, billing data, documents); the admin's list, payment and the platform's company data. */
export const payoutsRouter = router({
  overview: authedProcedure.output(ZPayoutsOverview).query(({ ctx }) => ctx.services.payouts.overview(ctx.ctx)),
  request: authedProcedure
    .input(ZPayoutRequestInput)
    .output(z.object({ message: z.string(), payout: ZPayout, warning: z.string().nullable() }))
    .mutation(({ ctx, input }) => ctx.services.payouts.request(ctx.ctx, input)),
  saveProfile: authedProcedure
    .input(ZPayoutProfile)
    .output(z.object({ message: z.string(), profile: ZPayoutProfile }))
    .mutation(({ ctx, input }) => ctx.services.payouts.saveProfile(ctx.ctx, input)),
  /** The document as base64 (the browser downloads `documentUrl` instead). */
  document: authedProcedure
    .input(ZPayoutId)
    .output(z.object({ fileName: z.string(), mime: z.string(), base64: z.string() }))
    .query(async ({ ctx, input }) => {
      const document = await ctx.services.payouts.document(ctx.ctx, input.id);
      return { fileName: document.fileName, mime: document.mime, base64: document.body.toString('base64') };
    }),
  admin: router({
    list: adminProcedure.input(ZAdminPayoutsQuery).output(ZAdminPayouts).query(({ ctx, input }) => ctx.services.payouts.adminList(ctx.ctx, input)),
    pay: adminProcedure
      .input(ZPayPayoutInput)
      .output(z.object({ message: z.string(), payout: ZAdminPayout }))
      .mutation(({ ctx, input }) => ctx.services.payouts.pay(ctx.ctx, input.id, input.payment)),
    company: adminProcedure.output(ZPlatformCompany.nullable()).query(({ ctx }) => ctx.services.payouts.getCompany(ctx.ctx)),
    saveCompany: adminProcedure
      .input(ZPlatformCompany)
      .output(z.object({ message: z.string(), company: ZPlatformCompany }))
      .mutation(({ ctx, input }) => ctx.services.payouts.saveCompany(ctx.ctx, input)),
  }),
});
