import {
  GIFTCARD_MSG,
  type TGiftcardCategory,
  type TGiftcardCategoryInput,
  type TMunicipalCard,
  type TMunicipalCardInput,
  type TMunicipalCardPatch,
  type TNationalCard,
  type TNationalCardInput,
  type TNationalCardPatch,
} from '../../../shared/schemas/giftcards';
import type { TDb } from '../../db/database';
import { requireAdmin, type TRequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TGeoService } from '../geo/geo.service';
import { toComuneRef } from './giftcards.model';
import * as repo from './giftcards.repository';

const pgCode = (error: unknown) => String((error as { code?: string }).code);
const categoryNotFound = () => new AppError('NOT_FOUND', { userMessage: GIFTCARD_MSG.categoryNotFound });
const cardNotFound = () => new AppError('NOT_FOUND', { userMessage: GIFTCARD_MSG.cardNotFound });
const fieldError = (code: 'VALIDATION' | 'CONFLICT', field: string, message: string) => new AppError(code, { userMessage: message, fields: { [field]: [message] } });

const cardCommon = (row: repo.TCardRow) => ({
  id: row.id,
  categoryId: row.category_id,
  categoryName: row.category_name,
  denominations: row.denominations.map(Number),
  active: row.active,
  chosenCount: Number(row.chosen_count ?? 0),
  updatedAt: row.updated_at,
});

/**
 * The admin's side of the catalogue (`/admin/gift-card/*`): categories, national and municipal cards. Every call is
 * the admin's; a category used by cards and a card a corner chose are not deleted (the foreign keys hold the same
 * rule under races, answered with the same message).
 */
export const createGiftcardsAdmin = (db: TDb, geo: Pick<TGeoService, 'comuniByIstat'>) => {
  /** A category name once only, whatever its case (the unique index decides under races). */
  const saveCategoryName = async (write: () => Promise<{ id: string; name: string } | undefined>) => {
    try {
      return await write();
    } catch (error) {
      if (pgCode(error) === '23505') throw fieldError('CONFLICT', 'name', GIFTCARD_MSG.categoryNameTaken);
      throw error;
    }
  };

  const requireCategory = async (categoryId: string | undefined) => {
    if (categoryId && !(await repo.findCategory(db, categoryId))) throw fieldError('VALIDATION', 'categoryId', GIFTCARD_MSG.categoryInvalid);
  };

  const requireComune = async (istat: string | undefined) => {
    if (istat === undefined) return;
    const comune = (await geo.comuniByIstat([istat])).get(istat);
    if (!comune?.active) throw fieldError('VALIDATION', 'comuneIstat', GIFTCARD_MSG.comuneNotFound);
  };

  const categoryOf = async (id: string): Promise<TGiftcardCategory> => {
    const row = (await repo.listCategories(db)).find((category) => category.id === id);
    if (!row) throw categoryNotFound();
    return { id: row.id, name: row.name, cardCount: Number(row.card_count ?? 0) };
  };

  const nationalCards = async (id?: string): Promise<TNationalCard[]> =>
    (await repo.listCards(db, 'national', id)).map((row) => ({ ...cardCommon(row), brand: row.name, imageUrl: row.image_url }));

  const municipalCards = async (id?: string): Promise<TMunicipalCard[]> => {
    const rows = await repo.listCards(db, 'municipal', id);
    const comuni = await geo.comuniByIstat(rows.map((row) => row.comune_istat!));
    return rows.map((row) => ({
      ...cardCommon(row),
      shopName: row.name,
      address: row.address,
      comune: toComuneRef(comuni.get(row.comune_istat!), row.comune_istat!),
    }));
  };

  /** Deletes a card unless a corner chose it (then it is to be deactivated). */
  const removeCard = async (ctx: TRequestContext, kind: 'national' | 'municipal', id: string) => {
    requireAdmin(ctx);
    const card = await repo.findCard(db, id);
    if (!card || card.kind !== kind) throw cardNotFound();
    const chosen = await repo.countChoicesOf(db, id);
    const refuse = (count: number) => new AppError('CONFLICT', { userMessage: GIFTCARD_MSG.cardChosen(card.name, count) });
    if (chosen > 0) throw refuse(chosen);
    try {
      await repo.deleteCard(db, id, kind);
    } catch (error) {
      if (pgCode(error) === '23503') throw refuse(await repo.countChoicesOf(db, id));
      throw error;
    }
    return { message: GIFTCARD_MSG.cardDeleted };
  };

  return {
    categories: {
      /** Every category with how many cards it groups, by name. */
      list: async (ctx: TRequestContext): Promise<TGiftcardCategory[]> => {
        requireAdmin(ctx);
        return (await repo.listCategories(db)).map((row) => ({ id: row.id, name: row.name, cardCount: Number(row.card_count ?? 0) }));
      },
      get: async (ctx: TRequestContext, id: string): Promise<TGiftcardCategory> => {
        requireAdmin(ctx);
        return categoryOf(id);
      },
      create: async (ctx: TRequestContext, input: TGiftcardCategoryInput): Promise<TGiftcardCategory> => {
        requireAdmin(ctx);
        const row = await saveCategoryName(() => repo.insertCategory(db, input.name));
        return categoryOf(row!.id);
      },
      update: async (ctx: TRequestContext, id: string, input: TGiftcardCategoryInput): Promise<TGiftcardCategory> => {
        requireAdmin(ctx);
        const row = await saveCategoryName(() => repo.updateCategory(db, id, input.name));
        if (!row) throw categoryNotFound();
        return categoryOf(row.id);
      },
      /** Refused while cards use it: they would be left without a category. */
      remove: async (ctx: TRequestContext, id: string) => {
        requireAdmin(ctx);
        const category = await repo.findCategory(db, id);
        if (!category) throw categoryNotFound();
        const refuse = (count: number) => new AppError('CONFLICT', { userMessage: GIFTCARD_MSG.categoryInUse(category.name, count) });
        const used = await repo.countCardsOfCategory(db, id);
        if (used > 0) throw refuse(used);
        try {
          await repo.deleteCategory(db, id);
        } catch (error) {
          if (pgCode(error) === '23503') throw refuse(await repo.countCardsOfCategory(db, id));
          throw error;
        }
        return { message: GIFTCARD_MSG.categoryDeleted };
      },
    },

    national: {
      list: async (ctx: TRequestContext): Promise<TNationalCard[]> => {
        requireAdmin(ctx);
        return nationalCards();
      },
      get: async (ctx: TRequestContext, id: string): Promise<TNationalCard> => {
        requireAdmin(ctx);
        const [card] = await nationalCards(id);
        if (!card) throw cardNotFound();
        return card;
      },
      create: async (ctx: TRequestContext, input: TNationalCardInput): Promise<TNationalCard> => {
        requireAdmin(ctx);
        await requireCategory(input.categoryId);
        const { id } = await repo.insertCard(db, {
          kind: 'national',
          categoryId: input.categoryId,
          name: input.brand,
          comuneIstat: null,
          address: '',
          imageUrl: input.imageUrl ?? null,
          denominations: input.denominations,
          active: input.active ?? true,
        });
        return (await nationalCards(id))[0]!;
      },
      update: async (ctx: TRequestContext, id: string, patch: TNationalCardPatch): Promise<TNationalCard> => {
        requireAdmin(ctx);
        await requireCategory(patch.categoryId);
        const changed = await repo.updateCard(db, id, 'national', {
          ...(patch.brand !== undefined && { name: patch.brand }),
          ...(patch.categoryId !== undefined && { category_id: patch.categoryId }),
          ...(patch.denominations !== undefined && { denominations: patch.denominations }),
          ...(patch.imageUrl !== undefined && { image_url: patch.imageUrl }),
          ...(patch.active !== undefined && { active: patch.active }),
        });
        if (!changed) throw cardNotFound();
        return (await nationalCards(id))[0]!;
      },
      remove: (ctx: TRequestContext, id: string) => removeCard(ctx, 'national', id),
    },

    municipal: {
      list: async (ctx: TRequestContext): Promise<TMunicipalCard[]> => {
        requireAdmin(ctx);
        return municipalCards();
      },
      get: async (ctx: TRequestContext, id: string): Promise<TMunicipalCard> => {
        requireAdmin(ctx);
        const [card] = await municipalCards(id);
        if (!card) throw cardNotFound();
        return card;
      },
      create: async (ctx: TRequestContext, input: TMunicipalCardInput): Promise<TMunicipalCard> => {
        requireAdmin(ctx);
        await requireCategory(input.categoryId);
        await requireComune(input.comuneIstat);
        const { id } = await repo.insertCard(db, {
          kind: 'municipal',
          categoryId: input.categoryId,
          name: input.shopName,
          comuneIstat: input.comuneIstat,
          address: input.address,
          imageUrl: null,
          denominations: input.denominations,
          active: input.active ?? true,
        });
        return (await municipalCards(id))[0]!;
      },
      update: async (ctx: TRequestContext, id: string, patch: TMunicipalCardPatch): Promise<TMunicipalCard> => {
        requireAdmin(ctx);
        await requireCategory(patch.categoryId);
        await requireComune(patch.comuneIstat);
        const changed = await repo.updateCard(db, id, 'municipal', {
          ...(patch.shopName !== undefined && { name: patch.shopName }),
          ...(patch.address !== undefined && { address: patch.address }),
          ...(patch.comuneIstat !== undefined && { comune_istat: patch.comuneIstat }),
          ...(patch.categoryId !== undefined && { category_id: patch.categoryId }),
          ...(patch.denominations !== undefined && { denominations: patch.denominations }),
          ...(patch.active !== undefined && { active: patch.active }),
        });
        if (!changed) throw cardNotFound();
        return (await municipalCards(id))[0]!;
      },
      remove: (ctx: TRequestContext, id: string) => removeCard(ctx, 'municipal', id),
    },
  };
};
