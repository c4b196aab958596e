import type { FastifyInstance } from 'fastify';
import {
  ZChooseGiftcardInput,
  ZGiftcardCatalogueQuery,
  ZGiftcardCategoryInput,
  ZGiftcardComuneInput,
  ZIdInput,
  ZMunicipalCardInput,
  ZMunicipalCardPatch,
  ZNationalCardInput,
  ZNationalCardPatch,
} from '../../../shared/schemas/giftcards';
import { sendCreated } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';

type TIdParams = { Params: { id: string } };

/**
 * REST of the gift cards (issue 27):
 * - `GET /api/giftcards/catalogue?categoryId`: the cards the caller may choose and its choice;
 *   `PUT /api/profile/giftcard` `{giftcardId}`; `PUT /api/profile/giftcard/comune` `{comuneIstat}`;
 * - `GET|POST /api/admin/giftcards/{categories,national,municipal}`, `GET|PATCH|DELETE .../:id` (admins); a creation
 *   answers its `Location`.
 */
export const giftcardsRest = async (app: FastifyInstance) => {
  const { giftcards } = app.services;
  const id = (params: unknown) => parseInput(ZIdInput, params).id;

  app.get('/api/giftcards/catalogue', async (request) => giftcards.catalogue(request.ctx, parseInput(ZGiftcardCatalogueQuery, request.query ?? {})));
  app.put('/api/profile/giftcard', async (request) => giftcards.choose(request.ctx, parseInput(ZChooseGiftcardInput, request.body)));
  app.put('/api/profile/giftcard/comune', async (request) => giftcards.setComune(request.ctx, parseInput(ZGiftcardComuneInput, request.body)));

  const { categories, national, municipal } = giftcards.admin;
  app.get('/api/admin/giftcards/categories', async (request) => categories.list(request.ctx));
  app.post('/api/admin/giftcards/categories', async (request, reply) => {
    const created = await categories.create(request.ctx, parseInput(ZGiftcardCategoryInput, request.body));
    return sendCreated(reply, `/api/admin/giftcards/categories/${created.id}`, created);
  });
  app.get<TIdParams>('/api/admin/giftcards/categories/:id', async (request) => categories.get(request.ctx, id(request.params)));
  app.patch<TIdParams>('/api/admin/giftcards/categories/:id', async (request) => categories.update(request.ctx, id(request.params), parseInput(ZGiftcardCategoryInput, request.body)));
  app.delete<TIdParams>('/api/admin/giftcards/categories/:id', async (request) => categories.remove(request.ctx, id(request.params)));

  app.get('/api/admin/giftcards/national', async (request) => national.list(request.ctx));
  app.post('/api/admin/giftcards/national', async (request, reply) => {
    const created = await national.create(request.ctx, parseInput(ZNationalCardInput, request.body));
    return sendCreated(reply, `/api/admin/giftcards/national/${created.id}`, created);
  });
  app.get<TIdParams>('/api/admin/giftcards/national/:id', async (request) => national.get(request.ctx, id(request.params)));
  app.patch<TIdParams>('/api/admin/giftcards/national/:id', async (request) => national.update(request.ctx, id(request.params), parseInput(ZNationalCardPatch, request.body)));
  app.delete<TIdParams>('/api/admin/giftcards/national/:id', async (request) => national.remove(request.ctx, id(request.params)));

  app.get('/api/admin/giftcards/municipal', async (request) => municipal.list(request.ctx));
  app.post('/api/admin/giftcards/municipal', async (request, reply) => {
    const created = await municipal.create(request.ctx, parseInput(ZMunicipalCardInput, request.body));
    return sendCreated(reply, `/api/admin/giftcards/municipal/${created.id}`, created);
  });
  app.get<TIdParams>('/api/admin/giftcards/municipal/:id', async (request) => municipal.get(request.ctx, id(request.params)));
  app.patch<TIdParams>('/api/admin/giftcards/municipal/:id', async (request) => municipal.update(request.ctx, id(request.params), parseInput(ZMunicipalCardPatch, request.body)));
  app.delete<TIdParams>('/api/admin/giftcards/municipal/:id', async (request) => municipal.remove(request.ctx, id(request.params)));
};
