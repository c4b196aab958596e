const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * The JSON merge patch (RFC 7396) that turns `before` into `after`: `after` itself, with `null` for every key of an
 * object that `after` no longer has (recursively), so that a PATCH of a whole form also removes what the form
 * dropped (an answer to a question no longer shown). An array or a value replaces whole.
 */
export const mergePatchFrom = (before: unknown, after: unknown): unknown => {
  if (!isPlainObject(after) || !isPlainObject(before)) return after;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) patch[key] = mergePatchFrom(before[key], value);
  for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) patch[key] = null;
  return patch;
};
