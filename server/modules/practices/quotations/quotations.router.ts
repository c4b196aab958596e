import { z } from 'zod';
import { ZFileItem } from '../../../../shared/schemas/files';
import { ZPracticeIdInput } from '../../../../shared/schemas/practices';
import { ZCreateQuotationInput, ZQuotation, ZQuotationIdInput, ZUpdateQuotationInput } from '../../../../shared/schemas/quotations';
import { authedProcedure, router } from '../../../trpc/trpc';

/** `practices.quotations.*`: a practice's quotations (PDFs go through REST multipart). */
export const practiceQuotationsRouter = router({
  list: authedProcedure
    .input(ZPracticeIdInput)
    .output(z.array(ZQuotation))
    .query(({ ctx, input }) => ctx.services.practices.quotations.list(ctx.ctx, input.sector, input.id)),
  create: authedProcedure
    .input(ZCreateQuotationInput)
    .output(ZQuotation)
    .mutation(({ ctx, input }) => ctx.services.practices.quotations.create(ctx.ctx, input.sector, input.id, { input: input.quotation })),
  update: authedProcedure
    .input(ZUpdateQuotationInput)
    .output(ZQuotation)
    .mutation(({ ctx, input }) => ctx.services.practices.quotations.update(ctx.ctx, input.sector, input.id, input.qid, { input: input.quotation })),
  choose: authedProcedure
    .input(ZQuotationIdInput)
    .output(z.array(ZQuotation))
    .mutation(({ ctx, input }) => ctx.services.practices.quotations.choose(ctx.ctx, input.sector, input.id, input.qid)),
});

/** `practices.documents.*`: a practice's documents (files subject 'practice'). */
export const practiceDocumentsRouter = router({
  list: authedProcedure
    .input(ZPracticeIdInput)
    .output(z.array(ZFileItem))
    .query(({ ctx, input }) => ctx.services.practices.documents.list(ctx.ctx, input.sector, input.id)),
});
