/** Escapes LIKE wildcards in user text, so a search for "50%" looks for those characters. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A case-insensitive "contains" pattern for `lower(column) like …`. */
export const containsPattern = (value: string): string => `%${escapeLike(value.toLowerCase())}%`;
