import { AppError } from './errors';

/**
 * Entity tags for the records two people edit (clients, practices: issue 30). A record's tag is its version,
 * quoted (a strong tag, RFC 9110 8.8.3); REST answers it in `ETag` and a write sent with `If-Match` goes through
 * only while the record is still at that version (otherwise 412 and nothing changes).
 */
export const etagOf = (version: string | number): string => `"${version}"`;

/** The `ETag` and `If-Match` headers' descriptions in the contract (server/platform/openapi). */
export const ETAG_HEADER = { description: 'La versione del record: da rimandare in `If-Match` con la modifica.', type: 'string' } as const;

/**
 * If-Match (RFC 9110 13.1.1) against the record's current tag: absent, any write goes (the last one wins, as
 * before); `*`, any existing record; otherwise a comma-separated list of strong tags, one of which must be the
 * current one. A weak tag (`W/"..."`) never matches: If-Match compares strongly.
 */
export const requireIfMatch = (header: string | undefined, current: string): void => {
  if (header === undefined) return;
  const value = header.trim();
  if (value === '*') return;
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  if (!tags.includes(current)) throw new AppError('PRECONDITION_FAILED');
};

/** The If-Match header of a request, as one string (Fastify gives a repeated header as an array). */
export const ifMatchOf = (headers: Readonly<Record<string, string | string[] | undefined>>): string | undefined => {
  const value = headers['if-match'];
  return Array.isArray(value) ? value.join(', ') : value;
};
