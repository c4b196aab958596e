import { z } from 'zod';
import { FILE_MSG, ZDeleteFileRequest, ZFileItem, ZFileList, ZFilePath, ZListFilesQuery, ZRenameFileRequest } from '../../../shared/schemas/files';
import { ZMessageResponse } from '../../../shared/schemas/common';
import { authedProcedure, router } from '../../trpc/trpc';

export const filesRouter = router({
  /** The caller's files and those published to them, newest first. */
  list: authedProcedure
    .input(ZListFilesQuery)
    .output(ZFileList)
    .query(({ ctx, input }) => ctx.services.files.list(ctx.ctx, input)),
  /** File items of these paths, each checked for read access. */
  find: authedProcedure
    .input(z.object({ paths: z.array(ZFilePath).min(1).max(200) }))
    .output(z.array(ZFileItem))
    .query(({ ctx, input }) => ctx.services.files.describe(ctx.ctx, input.paths)),
  /** PATCH /api/docs/rename: the file under its new name. */
  rename: authedProcedure
    .input(ZRenameFileRequest)
    .output(z.object({ message: z.string(), file: ZFileItem }))
    .mutation(async ({ ctx, input }) => ({ message: FILE_MSG.renamed, file: await ctx.services.files.rename(ctx.ctx, input) })),
  /** DELETE /api/docs/delete. */
  delete: authedProcedure
    .input(ZDeleteFileRequest)
    .output(ZMessageResponse)
    .mutation(({ ctx, input }) => ctx.services.files.delete(ctx.ctx, input)),
});
