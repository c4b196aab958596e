import { defineModule } from '../../../platform/module';
import { AUDIT_DOCS } from './audit.openapi';
import { auditRest } from './audit.rest';
import { auditRouter } from './audit.router';
import { AUDIT_PRUNE_JOB, createAuditService, type TAuditService } from './audit.service';

declare module '../../../platform/services' {
  interface TServices {
    audit: TAuditService;
  }
}

/** The admins' audit page (issue 28) and the daily job that keeps the log to its retention period. */
export const auditModule = defineModule({
  key: 'audit',
  needs: ['settings'],
  service: (deps, { settings }) => createAuditService(deps, settings),
  trpc: { audit: auditRouter },
  rest: [auditRest],
  openapi: AUDIT_DOCS,
  jobs: ({ services }) => [{ name: AUDIT_PRUNE_JOB, handler: async () => void (await services.audit.prune()), schedule: { dailyAt: '03:20' } }],
});
