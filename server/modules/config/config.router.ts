import { ZPublicConfig } from '../../../shared/schemas/config';
import { publicProcedure, router } from '../../trpc/trpc';

export const configRouter = router({
  get: publicProcedure.output(ZPublicConfig).query(({ ctx }) => ctx.services.config.getPublic()),
});
