import { ZStatementFile, ZStatementQuery } from '../../../shared/schemas/statements';
import { authedProcedure, router } from '../../trpc/trpc';

export const statementsRouter = router({
  /** A month's commission statement stored among the corner's documents (the month in course: its download address). */
  produce: authedProcedure
    .input(ZStatementQuery)
    .output(ZStatementFile)
    .mutation(({ ctx, input }) => ctx.services.statements.produce(ctx.ctx, input)),
});
