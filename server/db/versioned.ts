import { sql } from 'kysely';

/**
 * The `updated_at` of a record's next change: now, to the millisecond, and always at least a millisecond past the
 * last change. A record's ETag is built from it (server/platform/etag.ts), so two versions never share one, even
 * when two changes land in the same millisecond.
 */
export const nextChangeTime = () => sql<Date>`greatest(date_trunc('milliseconds', now()), date_trunc('milliseconds', updated_at) + interval '1 millisecond')`;

/** `updated_at` as the ETag reads it (JavaScript dates hold milliseconds), to compare with the version a write names. */
export const changeTimeColumn = () => sql<Date>`date_trunc('milliseconds', updated_at)`;
