import { ZExportFile, ZExportInput, ZOutcomeImportInput, ZOutcomeReport } from '../../../../shared/schemas/utility-bulk';
import { authedProcedure, router } from '../../../trpc/trpc';

/** `practices.bulk.*` (issue 16): the export for the supplier's portal and the import of its outcomes (rows already parsed). */
export const practicesBulkRouter = router({
  export: authedProcedure
    .input(ZExportInput)
    .output(ZExportFile)
    .mutation(({ ctx, input }) => ctx.services.practices.bulk.export(ctx.ctx, input)),
  importOutcomes: authedProcedure
    .input(ZOutcomeImportInput)
    .output(ZOutcomeReport)
    .mutation(({ ctx, input }) => ctx.services.practices.bulk.importRows(ctx.ctx, input)),
});
