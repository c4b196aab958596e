import { ZPracticeFileFromChat, ZPracticeFiledDocument, ZPracticeThread, ZPracticeThreadMessage, ZPracticeThreadQuery, ZPracticeThreadSend } from '../../../../shared/schemas/practice-thread';
import { authedProcedure, router } from '../../../trpc/trpc';

/** `practices.thread.*`: a practice's conversation in the chat (whoever reaches the practice). */
export const practiceThreadRouter = router({
  list: authedProcedure
    .input(ZPracticeThreadQuery)
    .output(ZPracticeThread)
    .query(({ ctx, input }) => ctx.services.practices.thread.list(ctx.ctx, input)),
  send: authedProcedure
    .input(ZPracticeThreadSend)
    .output(ZPracticeThreadMessage)
    .mutation(({ ctx, input }) => ctx.services.practices.thread.send(ctx.ctx, input)),
  fileToPractice: authedProcedure
    .input(ZPracticeFileFromChat)
    .output(ZPracticeFiledDocument)
    .mutation(({ ctx, input }) => ctx.services.practices.thread.fileToPractice(ctx.ctx, input)),
});
