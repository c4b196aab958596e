import { ZImportResult, ZImportRunInput } from '../../../shared/schemas/client-import';
import { authedProcedure, router } from '../../trpc/trpc';

/** `clients.import.run`: an integrator sends an already parsed table with its mapping; a dry run writes nothing. */
export const clientsImportRouter = router({
  run: authedProcedure
    .input(ZImportRunInput)
    .output(ZImportResult)
    .mutation(({ ctx, input }) => ctx.services.clients.import.run(ctx.ctx, input)),
});
