import { defineModule } from '../../platform/module';
import { DASHBOARD_DOCS } from './dashboard.openapi';
import { dashboardRest } from './dashboard.rest';
import { dashboardRouter } from './dashboard.router';
import { createDashboardService, type TDashboardService } from './dashboard.service';

declare module '../../platform/services' {
  interface TServices {
    dashboard: TDashboardService;
  }
}

/** The admin dashboard (issue 28): a read-only report over practices, their history, the ledger, payments and payouts. */
export const dashboardModule = defineModule({
  key: 'dashboard',
  service: (deps) => createDashboardService(deps),
  trpc: { dashboard: dashboardRouter },
  rest: [dashboardRest],
  openapi: DASHBOARD_DOCS,
});
