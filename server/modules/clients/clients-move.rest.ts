import type { FastifyInstance } from 'fastify';
import { ZMoveClientInput } from '../../../shared/schemas/client-record';
import { parseInput } from '../../platform/validate';

/** POST /api/clients/:id/move {toCornerId, reason}: an admin moves a client to another corner's book. */
export const clientsMoveRest = async (app: FastifyInstance) => {
  app.post<{ Params: { id: string } }>('/api/clients/:id/move', async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return app.services.clients.move(request.ctx, parseInput(ZMoveClientInput, { ...body, id: request.params.id }));
  });
};
