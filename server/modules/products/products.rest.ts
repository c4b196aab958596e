import type { FastifyInstance } from 'fastify';
import { sendCreated } from '../../platform/rest-conventions';

type TSectorParams = { Params: { sector: string } };
type TIdParams = { Params: { sector: string; id: string } };
type TVersionParams = { Params: { sector: string; id: string; version: string } };

/**
 * Products (issue 29): `GET|POST /api/admin/products/:sector`, `GET|PATCH /api/admin/products/:sector/:id`,
 * `POST /api/admin/products/:sector/:id/publish` (answers the new version, `Location` its read path), `POST …/duplicate`; for every signed-in
 * user `GET /api/products/:sector` (what may be chosen now) and `GET /api/products/:sector/:id/versions/:version`.
 */
export const productsRest = async (app: FastifyInstance) => {
  const { products } = app.services;
  app.get('/api/admin/products/schema', async (request) => products.schema(request.ctx));
  app.get<TSectorParams>('/api/admin/products/:sector', async (request) => products.list(request.ctx, request.params));
  app.post<TSectorParams>('/api/admin/products/:sector', async (request, reply) => {
    const created = await products.create(request.ctx, request.params, request.body ?? {});
    return sendCreated(reply, `/api/admin/products/${created.sector}/${created.id}`, created);
  });
  app.get<TIdParams>('/api/admin/products/:sector/:id', async (request) => products.get(request.ctx, request.params));
  app.patch<TIdParams>('/api/admin/products/:sector/:id', async (request) => products.update(request.ctx, request.params, request.body ?? {}));
  app.post<TIdParams>('/api/admin/products/:sector/:id/publish', async (request, reply) => {
    const published = await products.publish(request.ctx, request.params);
    return sendCreated(reply, `/api/products/${published.sector}/${published.productId}/versions/${published.version}`, published);
  });
  app.post<TIdParams>('/api/admin/products/:sector/:id/duplicate', async (request, reply) => {
    const created = await products.duplicate(request.ctx, request.params);
    return sendCreated(reply, `/api/admin/products/${created.sector}/${created.id}`, created);
  });
  app.get<TSectorParams>('/api/products/:sector', async (request) => products.offered(request.ctx, request.params));
  app.get<TVersionParams>('/api/products/:sector/:id/versions/:version', async (request) => products.version(request.ctx, request.params));
};
