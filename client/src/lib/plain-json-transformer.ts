/**
 * superjson's wire format (`{ json, meta }`) for data made of JSON values and `undefined` only, without superjson's
 * code: the client of the sign-in pages and the session check uses it, so /accedi stays within its weight budget
 * (spec: issue 3). Any other type the server marks (a Date, a Map, NaN) is refused loudly rather than read wrong:
 * such a procedure belongs to the signed-in shell's client, which has superjson.
 */
type TEnvelope = { json: unknown; meta?: { values?: TAnnotations } };
/** superjson's annotations: a type name, or a tree of them keyed by path (`a.b`, dots in keys escaped). */
type TAnnotations = unknown;

const splitPath = (path: string): string[] => path.split(/(?<!\\)\./).map((part) => part.replace(/\\\./g, '.'));

/** `[type]` or `[type, children]` at the root, or `{ path: [type] }`; yields the paths and their types. */
const readAnnotations = (values: TAnnotations): { path: string[]; type: unknown }[] => {
  if (Array.isArray(values)) return [{ path: [], type: values[0] }];
  if (typeof values !== 'object' || values === null) return [];
  return Object.entries(values).map(([path, annotation]) => ({ path: splitPath(path), type: Array.isArray(annotation) ? annotation[0] : annotation }));
};

const setUndefined = (root: unknown, path: string[]): void => {
  let node = root as Record<string, unknown> | undefined;
  for (const key of path.slice(0, -1)) node = node?.[key] as Record<string, unknown> | undefined;
  if (node && typeof node === 'object') node[path[path.length - 1]!] = undefined;
};

export const plainJsonTransformer = {
  serialize: (value: unknown): TEnvelope => ({ json: value }),
  deserialize: (payload: unknown): unknown => {
    const { json, meta } = (payload ?? {}) as TEnvelope;
    const annotations = readAnnotations(meta?.values);
    for (const { path, type } of annotations) {
      if (type !== 'undefined') throw new TypeError(`Risposta non leggibile senza superjson: ${String(type)} in "${path.join('.')}".`);
    }
    if (annotations.some(({ path }) => path.length === 0)) return undefined;
    for (const { path } of annotations) setUndefined(json, path);
    return json;
  },
};
