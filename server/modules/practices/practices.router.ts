import { z } from 'zod';
import {
  ZCreatePracticeInput,
  ZListPracticesInput,
  ZPractice,
  ZPracticeHistoryEntry,
  ZPracticeIdInput,
  ZPracticeList,
  ZPracticeSectorInput,
  ZPracticeTransitionInput,
  ZUpdatePracticeInput,
} from '../../../shared/schemas/practices';
import { ZUtilityOfferEntry } from '../../../shared/practices/utility-offers';
import { authedProcedure, router } from '../../trpc/trpc';
import { practiceRenewalsRouter } from './renewals/renewals.router';
import { practicesOnChange, practicesSchema } from './live/live.router';
import { practiceThreadRouter } from './thread/thread.router';
import { practicesBulkRouter } from './bulk/bulk.router';
import { practicePrecontractRouter } from './precontract/precontract.router';
import { practiceDocumentsRouter, practiceQuotationsRouter } from './quotations/quotations.router';

/** `practices.*`: every procedure names its sector; access is checked by the service on every practice. */
export const practicesRouter = router({
  // parts' sub-routers: one line each (`quotations: practiceQuotationsRouter,`)
  precontract: practicePrecontractRouter,
  quotations: practiceQuotationsRouter,
  documents: practiceDocumentsRouter,
  renewals: practiceRenewalsRouter,
  thread: practiceThreadRouter,
  bulk: practicesBulkRouter,
  onChange: practicesOnChange,
  schema: practicesSchema,
  /** The offers of a utility sector's catalogue a request can choose today (issue 16). */
  offers: authedProcedure
    .input(ZPracticeSectorInput)
    .output(z.array(ZUtilityOfferEntry))
    .query(({ ctx, input }) => ctx.services.practices.utilities.offers(ctx.ctx, input.sector)),
  list: authedProcedure
    .input(ZListPracticesInput)
    .output(ZPracticeList)
    .query(({ ctx, input: { sector, ...query } }) => ctx.services.practices.list(ctx.ctx, sector, query)),
  get: authedProcedure
    .input(ZPracticeIdInput)
    .output(ZPractice)
    .query(({ ctx, input }) => ctx.services.practices.get(ctx.ctx, input.sector, input.id)),
  create: authedProcedure
    .input(ZCreatePracticeInput)
    .output(ZPractice)
    .mutation(({ ctx, input }) => ctx.services.practices.create(ctx.ctx, input)),
  update: authedProcedure
    .input(ZUpdatePracticeInput)
    .output(ZPractice)
    .mutation(({ ctx, input }) => ctx.services.practices.update(ctx.ctx, input.sector, input.id, input.data)),
  transition: authedProcedure
    .input(ZPracticeTransitionInput)
    .output(ZPractice)
    .mutation(({ ctx, input }) => ctx.services.practices.transition(ctx.ctx, input)),
  take: authedProcedure
    .input(ZPracticeIdInput)
    .output(ZPractice)
    .mutation(({ ctx, input }) => ctx.services.practices.take(ctx.ctx, input.sector, input.id)),
  history: authedProcedure
    .input(ZPracticeIdInput)
    .output(z.array(ZPracticeHistoryEntry))
    .query(({ ctx, input }) => ctx.services.practices.history(ctx.ctx, input.sector, input.id)),
});
