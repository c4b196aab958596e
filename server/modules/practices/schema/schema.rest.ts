import type { FastifyInstance } from 'fastify';
import { ZPracticeSectorInput } from '../../../../shared/schemas/practices';
import { requireActor } from '../../../platform/context';
import { parseInput } from '../../../platform/validate';

type TSectorParams = { Params: { sector: string } };

/**
 * REST of the schema document (issue 15 "Interfaces"). The static `schema`
 * segment is registered before the engine's `/:id` routes (and the router prefers it anyway).
 */
export const practicesSchemaRest = async (app: FastifyInstance) => {
  app.get<TSectorParams>('/api/practices/:sector/schema', async (request) => {
    const { sector } = parseInput(ZPracticeSectorInput, request.params);
    requireActor(request.ctx);
    return app.services.practices.schemas.document(sector);
  });
};

