import { z } from 'zod';
import { CONTRACT_MSG, ZAdminDoc, ZAdminDocList, ZAdminDocsQuery, ZSetDocAudienceRequest } from '../../../shared/schemas/contract';
import { adminProcedure, router } from '../../trpc/trpc';

/** Admin documents page: the list and the audience of each (uploads go through POST /api/admin/docs/upload). */
export const adminDocsRouter = router({
  list: adminProcedure
    .input(ZAdminDocsQuery)
    .output(ZAdminDocList)
    .query(({ ctx, input }) => ctx.services.adminDocs.list(ctx.ctx, input)),
  setAudience: adminProcedure
    .input(ZSetDocAudienceRequest)
    .output(z.object({ message: z.string(), file: ZAdminDoc }))
    .mutation(async ({ ctx, input }) => ({ message: CONTRACT_MSG.audienceUpdated, file: await ctx.services.adminDocs.setAudience(ctx.ctx, input) })),
});
