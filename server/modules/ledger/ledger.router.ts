import { ZLedgerCorrectionInput, ZLedgerEntry, ZLedgerPage, ZLedgerQuery, ZLedgerReversalInput, ZLedgerSummary, ZLedgerSummaryQuery } from '../../../shared/schemas/ledger';
import { adminProcedure, authedProcedure, router } from '../../trpc/trpc';

/** `ledger.*`: the caller's entries and balances, the monthly earnings; the admin's corrections and reversals. */
export const ledgerRouter = router({
  list: authedProcedure
    .input(ZLedgerQuery)
    .output(ZLedgerPage)
    .query(({ ctx, input }) => ctx.services.ledger.list(ctx.ctx, input)),
  summary: authedProcedure
    .input(ZLedgerSummaryQuery)
    .output(ZLedgerSummary)
    .query(({ ctx, input }) => ctx.services.ledger.summary(ctx.ctx, input)),
  admin: router({
    correct: adminProcedure.input(ZLedgerCorrectionInput).output(ZLedgerEntry).mutation(({ ctx, input }) => ctx.services.ledger.correct(ctx.ctx, input)),
    reverse: adminProcedure.input(ZLedgerReversalInput).output(ZLedgerEntry).mutation(({ ctx, input }) => ctx.services.ledger.reverse(ctx.ctx, input)),
  }),
});
