import { z } from 'zod';
import { ZSettings } from '../../../shared/schemas/data';
import { adminProcedure, authedProcedure, router } from '../../trpc/trpc';

export const settingsRouter = router({
  get: authedProcedure.output(ZSettings).query(({ ctx }) => ctx.services.settings.getSettings(ctx.ctx)),
  admin: adminProcedure
    .input(z.object({ key: z.string().max(100).optional() }).optional())
    .output(ZSettings)
    .query(({ ctx, input }) => ctx.services.settings.getAdminSettings(ctx.ctx, input?.key)),
});
