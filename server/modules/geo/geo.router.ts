import { z } from 'zod';
import { ZAdminComune, ZAdminComuniList, ZAdminComuniQuery, ZCadastralPlace, ZComune, ZProvince, ZRegion, ZSearchComuniQuery, ZUpdateComune } from '../../../shared/schemas/geo';
import { authedProcedure, router } from '../../trpc/trpc';

export const geoRouter = router({
  searchComuni: authedProcedure
    .input(ZSearchComuniQuery)
    .output(z.array(ZComune))
    .query(({ ctx, input }) => ctx.services.geo.searchComuni(ctx.ctx, input)),
  comuneByCadastral: authedProcedure
    .input(z.object({ code: z.string().max(10) }))
    .output(ZCadastralPlace.nullable())
    .query(({ ctx, input }) => ctx.services.geo.comuneByCadastral(ctx.ctx, input.code)),
  provinces: authedProcedure.output(z.array(ZProvince)).query(({ ctx }) => ctx.services.geo.provinces(ctx.ctx)),
  regions: authedProcedure.output(z.array(ZRegion)).query(({ ctx }) => ctx.services.geo.regions(ctx.ctx)),
  admin: router({
    listComuni: authedProcedure
      .input(ZAdminComuniQuery)
      .output(ZAdminComuniList)
      .query(({ ctx, input }) => ctx.services.geo.admin.listComuni(ctx.ctx, input)),
    updateComune: authedProcedure
      .input(ZUpdateComune)
      .output(ZAdminComune)
      .mutation(({ ctx, input }) => ctx.services.geo.admin.updateComune(ctx.ctx, input)),
  }),
});
