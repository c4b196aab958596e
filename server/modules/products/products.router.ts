import { z } from 'zod';
import { ZOfferedProduct, ZProduct, ZProductIdInput, ZProductInput, ZProductPatch, ZProductSectorInput, ZProductVersion, ZProductVersionInput } from '../../../shared/schemas/products';
import { authedProcedure, router } from '../../trpc/trpc';

/** `products.*` (issue 29): the admin's catalogue (`products.admin.*`, the service refuses anyone else) and what corners may choose. */
export const productsRouter = router({
  admin: router({
    list: authedProcedure
      .input(ZProductSectorInput)
      .output(z.array(ZProduct))
      .query(({ ctx, input }) => ctx.services.products.list(ctx.ctx, input)),
    get: authedProcedure
      .input(ZProductIdInput)
      .output(ZProduct)
      .query(({ ctx, input }) => ctx.services.products.get(ctx.ctx, input)),
    create: authedProcedure
      .input(ZProductSectorInput.extend({ product: ZProductInput }))
      .output(ZProduct)
      .mutation(({ ctx, input }) => ctx.services.products.create(ctx.ctx, { sector: input.sector }, input.product)),
    update: authedProcedure
      .input(ZProductIdInput.extend({ patch: ZProductPatch }))
      .output(ZProduct)
      .mutation(({ ctx, input }) => ctx.services.products.update(ctx.ctx, { sector: input.sector, id: input.id }, input.patch)),
    publish: authedProcedure
      .input(ZProductIdInput)
      .output(ZProductVersion)
      .mutation(({ ctx, input }) => ctx.services.products.publish(ctx.ctx, input)),
    schema: authedProcedure.output(z.unknown()).query(({ ctx }) => ctx.services.products.schema(ctx.ctx)),
    duplicate: authedProcedure
      .input(ZProductIdInput)
      .output(ZProduct)
      .mutation(({ ctx, input }) => ctx.services.products.duplicate(ctx.ctx, input)),
  }),
  offered: authedProcedure
    .input(ZProductSectorInput)
    .output(z.array(ZOfferedProduct))
    .query(({ ctx, input }) => ctx.services.products.offered(ctx.ctx, input)),
  version: authedProcedure
    .input(ZProductVersionInput)
    .output(ZProductVersion)
    .query(({ ctx, input }) => ctx.services.products.version(ctx.ctx, input)),
});
