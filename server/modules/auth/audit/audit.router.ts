import { ZAuditPage, ZAuditQuery } from '../../../../shared/schemas/audit';
import { adminProcedure, router } from '../../../trpc/trpc';

/** audit.list: the admins' search of the audit log (the same service as GET /api/admin/audit). */
export const auditRouter = router({
  list: adminProcedure
    .input(ZAuditQuery)
    .output(ZAuditPage)
    .query(({ ctx, input }) => ctx.services.audit.list(ctx.ctx, input)),
});
