import type { FastifyInstance } from 'fastify';
import {
  ZCreatePracticeInput,
  ZListPracticesQuery,
  ZPracticeIdInput,
  ZPracticeSectorInput,
  ZPracticeTransitionInput,
  ZUpdatePracticeInput,
} from '../../../../shared/schemas/practices';
import { ifMatchOf } from '../../../platform/etag';
import { parseInput } from '../../../platform/validate';
import { practiceEtag } from './presenter';
import { sendCreated, withTotalCount } from '../../../platform/rest-conventions';

type TSectorParams = { Params: { sector: string } };
type TIdParams = { Params: { sector: string; id: string } };

const bodyOf = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/** REST for integrators, `/api/practices/:sector/...` (issue 15 "Interfaces"); `:sector` is the sector's slug. */
export const practicesRest = async (app: FastifyInstance) => {
  // The body is the list itself, as the clients list; the total for paging travels in a header.
  app.get<TSectorParams>('/api/practices/:sector', async (request, reply) => {
    const { sector } = parseInput(ZPracticeSectorInput, request.params);
    return withTotalCount(reply, await app.services.practices.list(request.ctx, sector, parseInput(ZListPracticesQuery, request.query))).list;
  });

  // A practice answers its version in ETag; a PATCH sent with If-Match goes only onto that version (else 412).
  app.post<TSectorParams>('/api/practices/:sector', async (request, reply) => {
    const input = parseInput(ZCreatePracticeInput, { ...bodyOf(request.body), sector: request.params.sector });
    const practice = await app.services.practices.create(request.ctx, input);
    return sendCreated(reply.header('ETag', practiceEtag(practice)), `/api/practices/${practice.sector}/${practice.id}`, practice);
  });

  // The offers catalogue of a utility sector, those that can be chosen today (issue 16).
  app.get<TSectorParams>('/api/practices/:sector/offers', async (request) => {
    const { sector } = parseInput(ZPracticeSectorInput, request.params);
    return app.services.practices.utilities.offers(request.ctx, sector);
  });

  app.get<TIdParams>('/api/practices/:sector/:id', async (request, reply) => {
    const { sector, id } = parseInput(ZPracticeIdInput, request.params);
    const practice = await app.services.practices.get(request.ctx, sector, id);
    return reply.header('ETag', practiceEtag(practice)).send(practice);
  });

  // The body is a merge patch (RFC 7396) of `data` (or `{data}`): only the fields sent change; the whole data works too.
  app.patch<TIdParams>('/api/practices/:sector/:id', async (request, reply) => {
    const body = bodyOf(request.body);
    const data = Object.keys(body).length === 1 && 'data' in body ? body.data : body;
    const { sector, id } = parseInput(ZUpdatePracticeInput, { ...request.params, data });
    const practice = await app.services.practices.update(request.ctx, sector, id, data, { ifMatch: ifMatchOf(request.headers) });
    return reply.header('ETag', practiceEtag(practice)).send(practice);
  });

  app.get<TIdParams>('/api/practices/:sector/:id/history', async (request) => {
    const { sector, id } = parseInput(ZPracticeIdInput, request.params);
    return app.services.practices.history(request.ctx, sector, id);
  });

  // `{to, ...what that transition needs}`.
  app.post<TIdParams>('/api/practices/:sector/:id/transition', async (request) => {
    const { to, ...payload } = bodyOf(request.body);
    const input = parseInput(ZPracticeTransitionInput, { ...request.params, to, payload });
    return app.services.practices.transition(request.ctx, input);
  });

  app.post<TIdParams>('/api/practices/:sector/:id/take', async (request) => {
    const { sector, id } = parseInput(ZPracticeIdInput, request.params);
    return app.services.practices.take(request.ctx, sector, id);
  });
};
