import { ZLedgerPage, ZLedgerQuery } from '../../../shared/schemas/ledger';
import { authedProcedure, router } from '../../trpc/trpc';

export const ledgerRouter = router({
  list: authedProcedure
    .input(ZLedgerQuery)
    .output(ZLedgerPage)
    .query(({ ctx, input }) => ctx.services.ledger.list(ctx.ctx, input)),
});
