import type { TPracticeChange } from '../../../../shared/schemas/practices';

/** What the engine and its parts compare and store of a practice's data (jsonb). */

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The leaves that differ between two JSON values, by dotted path (arrays compared whole). */
export const diffData = (before: unknown, after: unknown, path = ''): TPracticeChange[] => {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffData(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return canonical(before) === canonical(after) ? [] : [{ path: path || '_', from: before ?? null, to: after ?? null }];
};

/** JSON with object keys sorted (jsonb answers keys in its own order), so equal values compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    isPlainObject(inner) ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]])) : inner,
  );

/** The value as stored in jsonb (dates as ISO text, no undefined), so that diffs compare like with like. */
export const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

