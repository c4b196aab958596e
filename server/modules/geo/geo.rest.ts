import type { FastifyInstance } from 'fastify';
import { ZAdminComuniQuery, ZSearchComuniQuery, ZUpdateComune } from '../../../shared/schemas/geo';
import { parseInput } from '../../platform/validate';
import { withTotalCount } from '../../platform/rest-conventions';

export const geoRest = async (app: FastifyInstance) => {
  const geo = app.services.geo;
  app.get('/api/geo/comuni', async (request) => geo.searchComuni(request.ctx, parseInput(ZSearchComuniQuery, request.query)));
  app.get('/api/geo/provinces', async (request) => geo.provinces(request.ctx));
  app.get('/api/geo/regions', async (request) => geo.regions(request.ctx));
  // The body is the page itself (spec section 7); the total for paging travels in a header.
  app.get('/api/admin/geo/comuni', async (request, reply) => {
    return withTotalCount(reply, await geo.admin.listComuni(request.ctx, parseInput(ZAdminComuniQuery, request.query))).list;
  });
  app.patch<{ Params: { istat: string } }>('/api/admin/geo/comuni/:istat', async (request) =>
    geo.admin.updateComune(request.ctx, parseInput(ZUpdateComune, { ...(request.body as object), istat: request.params.istat })),
  );
};
