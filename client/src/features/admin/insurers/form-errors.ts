import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { fromTrpcError } from '../../../lib/trpc-error';

/** The first message per top-level field of a schema's check (the server checks the same schema). */
export const schemaErrors = <TKey extends string>(schema: z.ZodType, value: unknown): Partial<Record<TKey, string>> => {
  const parsed = schema.safeParse(value);
  const errors: Partial<Record<TKey, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0]) as TKey] ??= issue.message;
  return errors;
};

/** A server refusal's per-field messages (a name already used...), empty when it has none. */
export const serverFieldErrors = <TKey extends string>(caught: unknown): Partial<Record<TKey, string>> => {
  const error = fromTrpcError(caught);
  if (!(error instanceof ApiError) || !error.hasFields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([key, messages]) => [key, messages[0]])) as Partial<Record<TKey, string>>;
};
