import { ZDashboard, ZDashboardQuery } from '../../../shared/schemas/dashboard';
import { authedProcedure, router } from '../../trpc/trpc';

export const dashboardRouter = router({
  /** The admin dashboard of a period and of the one before it (the service refuses anyone but an admin). */
  get: authedProcedure
    .input(ZDashboardQuery)
    .output(ZDashboard)
    .query(({ ctx, input }) => ctx.services.dashboard.get(ctx.ctx, input)),
});
