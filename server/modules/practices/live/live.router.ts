import { TRPCError } from '@trpc/server';
import { ZPracticeOnChangeInput, ZPracticeSchemaDocument, type TPracticeOnChangeEvent } from '../../../../shared/schemas/practice-live';
import { ZPracticeSectorInput } from '../../../../shared/schemas/practices';
import { AppError, ERROR_MAP } from '../../../platform/errors';
import { authedProcedure } from '../../../trpc/trpc';

/** The events as they come (no replay: pages refetch when the connection opens); service errors mapped as any call's. */
const plainStream = async function* (source: AsyncIterable<TPracticeOnChangeEvent>) {
  try {
    yield* source;
  } catch (error) {
    throw error instanceof AppError ? new TRPCError({ code: ERROR_MAP[error.code].trpc, message: error.userMessage, cause: error }) : error;
  }
};

/**
 * `practices.onChange({sector, id?})`: the committed changes of the practices the caller sees (a corner its own, a
 * broker its sector's, an admin all), each `{sector, id, kind, state}`; with `id`, that practice's only (one the
 * caller does not reach answers NOT_FOUND).
 */
export const practicesOnChange = authedProcedure
  .input(ZPracticeOnChangeInput)
  .subscription(async ({ ctx, input, signal }) => plainStream(await ctx.services.practices.live.watch(ctx.ctx, input, { signal })));

/** `practices.schema({sector})`: the JSON Schemas of a sector's data, quotations and transitions, with examples. */
export const practicesSchema = authedProcedure
  .input(ZPracticeSectorInput)
  .output(ZPracticeSchemaDocument)
  .query(({ ctx, input }) => ctx.services.practices.schemas.document(input.sector));
