import type { FastifyInstance } from 'fastify';
import { ZListClientsQuery } from '../../../shared/schemas/data';
import { ZAddClientNoteInput, ZClientIdInput, ZCreateClientInput, ZPatchClientInput } from '../../../shared/schemas/client-record';
import { parseInput } from '../../platform/validate';

type TIdParams = { Params: { id: string } };

export const clientsRest = async (app: FastifyInstance) => {
  // The body is the list itself (spec section 7); the total for paging travels in a header.
  app.get('/api/clients', async (request, reply) => {
    const { list, total } = await app.services.clients.list(request.ctx, parseInput(ZListClientsQuery, request.query));
    reply.header('X-Total-Count', String(total));
    return list;
  });

  app.post('/api/clients', async (request, reply) => {
    const record = await app.services.clients.create(request.ctx, parseInput(ZCreateClientInput, request.body));
    return reply.code(201).send(record);
  });

  app.get<TIdParams>('/api/clients/:id', async (request) => app.services.clients.get(request.ctx, parseInput(ZClientIdInput, request.params).id));

  // A merge patch (RFC 7396): only the fields sent change (the service checks the result as a whole record).
  app.patch<TIdParams>('/api/clients/:id', async (request) =>
    app.services.clients.update(request.ctx, parseInput(ZPatchClientInput, { id: request.params.id, data: request.body ?? {} })),
  );

  app.delete<TIdParams>('/api/clients/:id', async (request) => app.services.clients.remove(request.ctx, parseInput(ZClientIdInput, request.params).id));

  app.get<TIdParams>('/api/clients/:id/notes', async (request) => app.services.clients.notes.list(request.ctx, parseInput(ZClientIdInput, request.params).id));

  app.post<TIdParams>('/api/clients/:id/notes', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const note = await app.services.clients.notes.add(request.ctx, parseInput(ZAddClientNoteInput, { ...body, clientId: request.params.id }));
    return reply.code(201).send(note);
  });
};
