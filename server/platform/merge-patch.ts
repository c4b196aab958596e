/**
 * JSON merge patch (RFC 7396): what a PATCH body does to the current record. An object patch changes only the keys it
 * names (recursively); `null` removes a key; anything else (an array, a string, a number) replaces the value whole.
 * A patch that is not an object replaces the target. The result is validated by the caller with the same schema as a
 * full body, so a full body works exactly as a replacement of every field it carries.
 */
export const applyMergePatch = (target: unknown, patch: unknown): unknown => {
  if (!isPlainObject(patch)) return patch;
  const result: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === '__proto__') continue;
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
