import type { FastifyReply } from 'fastify';

/**
 * What every REST answer of one kind does the same way (issue 30), so integrators learn it once:
 * - a creation answers 201 with `Location`, the path whose `GET` answers the new record to whoever may see it;
 * - a paged list answers its total in `X-Total-Count`, whatever its body (the spec's bare lists keep their body,
 *   the `{list, total, ...}` ones too).
 * The contract documents both on each answer (`headers` of the route's entry, `*.openapi.ts`);
 * server/platform/rest-conventions.test.ts checks that none is missing.
 */

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The `X-Total-Count` header of a paged list's answer in the contract. */
export const totalCountHeader = (description: string) => ({ [TOTAL_COUNT_HEADER]: { description, type: 'integer' as const } });

/** The `Location` header of a creation's answer in the contract. */
export const locationHeader = (description: string) => ({ Location: { description, type: 'string' as const } });

/** A page of a list: its total goes in `X-Total-Count`, the body stays as it is. */
export const withTotalCount = <T extends { total: number }>(reply: FastifyReply, page: T): T => {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page;
};

/** A new record: 201, its path in `Location`, the record (or the route's answer about it) as the body. */
export const sendCreated = (reply: FastifyReply, location: string, body: unknown) => reply.code(201).header('Location', location).send(body);
