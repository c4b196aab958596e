import { ZSyncLogin } from '../../../shared/schemas/data';
import { authedProcedure, router } from '../../trpc/trpc';

export const syncRouter = router({
  login: authedProcedure.output(ZSyncLogin).query(({ ctx }) => ctx.services.sync.syncLogin(ctx.ctx)),
});
