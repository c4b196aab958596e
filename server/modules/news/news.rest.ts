import type { FastifyInstance } from 'fastify';
import { ZNewsId, type TNewsInput, type TNewsPatch } from '../../../shared/schemas/news';
import { sendCreated } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';

type TIdParams = { Params: { id: string } };

/**
 * REST of the news: `GET /api/news` (the live ones, spec section 7); issue 28, for admins,
 * `GET|POST /api/admin/news` and `GET|PATCH|DELETE /api/admin/news/:id` with `{title, text, publishFrom, publishUntil, pinned}`.
 */
export const newsRest = async (app: FastifyInstance) => {
  const { news } = app.services;
  // The service checks the caller, then parses the body with the shared schema (a corner gets 403, not 400).
  const id = (params: unknown) => parseInput(ZNewsId, params).id;

  app.get('/api/news', async (request) => news.list(request.ctx));
  app.get('/api/admin/news', async (request) => news.listAll(request.ctx));
  app.post('/api/admin/news', async (request, reply) => {
    const created = await news.create(request.ctx, request.body as TNewsInput);
    return sendCreated(reply, `/api/admin/news/${created.id}`, created);
  });
  app.get<TIdParams>('/api/admin/news/:id', async (request) => news.get(request.ctx, id(request.params)));
  app.patch<TIdParams>('/api/admin/news/:id', async (request) => news.update(request.ctx, id(request.params), request.body as TNewsPatch));
  app.delete<TIdParams>('/api/admin/news/:id', async (request) => news.remove(request.ctx, id(request.params)));
};
