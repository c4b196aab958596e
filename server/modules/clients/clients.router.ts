import { z } from 'zod';
import { ZClient, ZListClientsQuery } from '../../../shared/schemas/data';
import { authedProcedure, router } from '../../trpc/trpc';

export const clientsRouter = router({
  find: authedProcedure
    .input(ZListClientsQuery)
    .output(z.object({ list: z.array(ZClient), total: z.number() }))
    .query(({ ctx, input }) => ctx.services.clients.list(ctx.ctx, input)),
});
