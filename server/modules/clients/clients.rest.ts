import type { FastifyInstance } from 'fastify';
import { ZListClientsQuery } from '../../../shared/schemas/data';
import { ZAddClientNoteInput, ZClientIdInput, ZClientNoteIdInput, ZCreateClientInput, ZPatchClientInput } from '../../../shared/schemas/client-record';
import { ifMatchOf } from '../../platform/etag';
import { sendCreated, withTotalCount } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';
import { clientEtag } from './clients.records';

type TIdParams = { Params: { id: string } };

export const clientsRest = async (app: FastifyInstance) => {
  // The body is the list itself (spec section 7); the total for paging travels in a header.
  app.get('/api/clients', async (request, reply) => {
    return withTotalCount(reply, await app.services.clients.list(request.ctx, parseInput(ZListClientsQuery, request.query))).list;
  });

  // A record answers its version in ETag; a PATCH sent with If-Match goes only onto that version (else 412).
  app.post('/api/clients', async (request, reply) => {
    const record = await app.services.clients.create(request.ctx, parseInput(ZCreateClientInput, request.body));
    return sendCreated(reply.header('ETag', clientEtag(record)), `/api/clients/${record.id}`, record);
  });

  app.get<TIdParams>('/api/clients/:id', async (request, reply) => {
    const record = await app.services.clients.get(request.ctx, parseInput(ZClientIdInput, request.params).id);
    return reply.header('ETag', clientEtag(record)).send(record);
  });

  // A merge patch (RFC 7396): only the fields sent change (the service checks the result as a whole record).
  app.patch<TIdParams>('/api/clients/:id', async (request, reply) => {
    const patch = parseInput(ZPatchClientInput, { id: request.params.id, data: request.body ?? {} });
    const record = await app.services.clients.update(request.ctx, patch, { ifMatch: ifMatchOf(request.headers) });
    return reply.header('ETag', clientEtag(record)).send(record);
  });

  app.delete<TIdParams>('/api/clients/:id', async (request) => app.services.clients.remove(request.ctx, parseInput(ZClientIdInput, request.params).id));

  app.get<TIdParams>('/api/clients/:id/notes', async (request) => app.services.clients.notes.list(request.ctx, parseInput(ZClientIdInput, request.params).id));

  app.post<TIdParams>('/api/clients/:id/notes', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const input = parseInput(ZAddClientNoteInput, { ...body, clientId: request.params.id });
    const note = await app.services.clients.notes.add(request.ctx, input);
    return sendCreated(reply, `/api/clients/${input.clientId}/notes/${note.id}`, note);
  });

  app.get<{ Params: { id: string; noteId: string } }>('/api/clients/:id/notes/:noteId', async (request) =>
    app.services.clients.notes.get(request.ctx, parseInput(ZClientNoteIdInput, request.params)),
  );
};
