import { z } from 'zod';
import { ZNews } from '../../../shared/schemas/data';
import { ZAdminNews, ZNewsId, ZNewsInput, ZNewsPatch, ZOnNewsChangeInput } from '../../../shared/schemas/news';
import { adminProcedure, authedProcedure, router, trackedStream } from '../../trpc/trpc';

export const newsRouter = router({
  /** The live news (GET /api/news): pinned first, then newest first. */
  find: authedProcedure.output(z.array(ZNews)).query(({ ctx }) => ctx.services.news.list(ctx.ctx)),
  /** Every news item, with its schedule (GET /api/admin/news). */
  list: adminProcedure.output(z.array(ZAdminNews)).query(({ ctx }) => ctx.services.news.listAll(ctx.ctx)),
  create: adminProcedure.input(ZNewsInput).output(ZAdminNews).mutation(({ ctx, input }) => ctx.services.news.create(ctx.ctx, input)),
  update: adminProcedure
    .input(ZNewsId.extend({ news: ZNewsPatch }))
    .output(ZAdminNews)
    .mutation(({ ctx, input }) => ctx.services.news.update(ctx.ctx, input.id, input.news)),
  delete: adminProcedure.input(ZNewsId).mutation(({ ctx, input }) => ctx.services.news.remove(ctx.ctx, input.id)),
  /** Signals that the live news changed (reload them); one at once after a reconnect. */
  onChange: authedProcedure.input(ZOnNewsChangeInput).subscription(({ ctx, input, signal }) =>
    trackedStream(ctx.services.news.watch(ctx.ctx, { lastEventId: input?.lastEventId, signal }), (change) => String(change.at)),
  ),
});
