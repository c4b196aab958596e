import { z } from 'zod';
import { ZFileItem, ZFileList, ZFilePath, ZListFilesQuery } from '../../../shared/schemas/files';
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
});
