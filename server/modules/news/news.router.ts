import { z } from 'zod';
import { ZNews } from '../../../shared/schemas/data';
import { authedProcedure, router } from '../../trpc/trpc';

export const newsRouter = router({
  find: authedProcedure.output(z.array(ZNews)).query(({ ctx }) => ctx.services.news.list(ctx.ctx)),
});
