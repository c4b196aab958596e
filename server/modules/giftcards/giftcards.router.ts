import { z } from 'zod';
import {
  ZChooseGiftcardInput,
  ZChooseGiftcardResult,
  ZGiftcardCatalogue,
  ZGiftcardCatalogueQuery,
  ZGiftcardCategory,
  ZGiftcardCategoryInput,
  ZGiftcardCategoryUpdate,
  ZGiftcardComuneInput,
  ZGiftcardMessage,
  ZIdInput,
  ZMunicipalCard,
  ZMunicipalCardInput,
  ZMunicipalCardUpdate,
  ZNationalCard,
  ZNationalCardInput,
  ZNationalCardUpdate,
} from '../../../shared/schemas/giftcards';
import { adminProcedure, authedProcedure, router } from '../../trpc/trpc';

/** `giftcards.admin.*`: the catalogue the admins keep (categories, national and municipal cards). */
const adminRouter = router({
  categories: router({
    list: adminProcedure.output(z.array(ZGiftcardCategory)).query(({ ctx }) => ctx.services.giftcards.admin.categories.list(ctx.ctx)),
    create: adminProcedure.input(ZGiftcardCategoryInput).output(ZGiftcardCategory).mutation(({ ctx, input }) => ctx.services.giftcards.admin.categories.create(ctx.ctx, input)),
    update: adminProcedure.input(ZGiftcardCategoryUpdate).output(ZGiftcardCategory).mutation(({ ctx, input }) => ctx.services.giftcards.admin.categories.update(ctx.ctx, input.id, input.category)),
    remove: adminProcedure.input(ZIdInput).output(ZGiftcardMessage).mutation(({ ctx, input }) => ctx.services.giftcards.admin.categories.remove(ctx.ctx, input.id)),
  }),
  national: router({
    list: adminProcedure.output(z.array(ZNationalCard)).query(({ ctx }) => ctx.services.giftcards.admin.national.list(ctx.ctx)),
    create: adminProcedure.input(ZNationalCardInput).output(ZNationalCard).mutation(({ ctx, input }) => ctx.services.giftcards.admin.national.create(ctx.ctx, input)),
    update: adminProcedure.input(ZNationalCardUpdate).output(ZNationalCard).mutation(({ ctx, input }) => ctx.services.giftcards.admin.national.update(ctx.ctx, input.id, input.card)),
    remove: adminProcedure.input(ZIdInput).output(ZGiftcardMessage).mutation(({ ctx, input }) => ctx.services.giftcards.admin.national.remove(ctx.ctx, input.id)),
  }),
  municipal: router({
    list: adminProcedure.output(z.array(ZMunicipalCard)).query(({ ctx }) => ctx.services.giftcards.admin.municipal.list(ctx.ctx)),
    create: adminProcedure.input(ZMunicipalCardInput).output(ZMunicipalCard).mutation(({ ctx, input }) => ctx.services.giftcards.admin.municipal.create(ctx.ctx, input)),
    update: adminProcedure.input(ZMunicipalCardUpdate).output(ZMunicipalCard).mutation(({ ctx, input }) => ctx.services.giftcards.admin.municipal.update(ctx.ctx, input.id, input.card)),
    remove: adminProcedure.input(ZIdInput).output(ZGiftcardMessage).mutation(({ ctx, input }) => ctx.services.giftcards.admin.municipal.remove(ctx.ctx, input.id)),
  }),
});

/** `giftcards.*`: the caller's catalogue and choice (admins and corners, checked by the service), and the admin's catalogue. */
export const giftcardsRouter = router({
  catalogue: authedProcedure
    .input(ZGiftcardCatalogueQuery.optional())
    .output(ZGiftcardCatalogue)
    .query(({ ctx, input }) => ctx.services.giftcards.catalogue(ctx.ctx, input ?? {})),
  choose: authedProcedure.input(ZChooseGiftcardInput).output(ZChooseGiftcardResult).mutation(({ ctx, input }) => ctx.services.giftcards.choose(ctx.ctx, input)),
  setComune: authedProcedure.input(ZGiftcardComuneInput).output(ZGiftcardCatalogue).mutation(({ ctx, input }) => ctx.services.giftcards.setComune(ctx.ctx, input)),
  admin: adminRouter,
});
