import type { z } from 'zod';
import { AppError, toFieldErrors } from './errors';

/** Parses input with a shared zod schema; failures become a VALIDATION AppError with per-field messages. */
export const parseInput = <TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> => {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const fields = toFieldErrors(result.error);
    const messages = [...new Set(Object.values(fields).flat())];
    throw new AppError('VALIDATION', { userMessage: messages.join('\n'), fields });
  }
  return result.data;
};
