import type { FastifyInstance } from 'fastify';
import { ZListClientsQuery } from '../../../shared/schemas/data';
import { parseInput } from '../../platform/validate';

export const clientsRest = async (app: FastifyInstance) => {
  // The body is the list itself (spec section 7); the total for paging travels in a header.
  app.get('/api/clients', async (request, reply) => {
    const { list, total } = await app.services.clients.list(request.ctx, parseInput(ZListClientsQuery, request.query));
    reply.header('X-Total-Count', String(total));
    return list;
  });
};
