import {
  GIFTCARD_MSG,
  type TChoosableCard,
  type TChooseGiftcardInput,
  type TGiftcardCatalogue,
  type TGiftcardCatalogueQuery,
  type TGiftcardComuneInput,
} from '../../../shared/schemas/giftcards';
import type { TDb } from '../../db/database';
import { requireRole, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { TGeoService } from '../geo/geo.service';
import { createGiftcardsAdmin } from './giftcards.admin';
import { cardDisplayName, toChoosableCard, toComuneRef } from './giftcards.model';
import * as repo from './giftcards.repository';

/** Who has the gift card page (spec: `/profilo/la-mia-giftcard`, admin and corner only; brokers are refused). */
const CHOOSERS = ['admin', 'corner'] as const;

const cardNotFound = () => new AppError('NOT_FOUND', { userMessage: GIFTCARD_MSG.cardNotFound, fields: { giftcardId: [GIFTCARD_MSG.cardNotFound] } });

export type TGiftcardsService = ReturnType<typeof createGiftcardsService>;

/**
 * The gift card catalogue (issue 27): the admins keep categories, national and municipal cards; a corner chooses the
 * card it wants its commissions paid with among the active national cards and the active municipal cards of its
 * comune (which it states on the same page: the profile holds no address), and payouts read that choice
 * (`chosenOf`). A card outside what the caller may choose answers like a missing one.
 */
export const createGiftcardsService = ({ db }: TServiceDeps, { geo }: { geo: TGeoService }) => {
  const comuniOf = (rows: readonly { comune_istat: string | null }[], on: TDb = db) => geo.comuniByIstat(rows.flatMap((row) => (row.comune_istat ? [row.comune_istat] : [])), on);

  const choosable = async (rows: Omit<repo.TCardRow, 'chosen_count'>[]): Promise<TChoosableCard[]> => {
    const comuni = await comuniOf(rows);
    return rows.map((row) => toChoosableCard(row, comuni));
  };

  /** The caller's catalogue: its comune, the categories it may filter by, the cards (of `categoryId`) and its choice. */
  const catalogueOf = async (cornerId: string, query: TGiftcardCatalogueQuery): Promise<TGiftcardCatalogue> => {
    const mine = await repo.findChoice(db, cornerId);
    const comuneIstat = mine?.comune_istat ?? null;
    const [all, chosen] = await Promise.all([repo.listChoosableCards(db, comuneIstat), mine?.giftcard_id ? repo.findCard(db, mine.giftcard_id) : undefined]);
    const comuni = await comuniOf([...all, ...(chosen ? [chosen] : []), { comune_istat: comuneIstat }]);
    const categories = new Map(all.map((row) => [row.category_id, row.category_name] as const));
    const cards = query.categoryId ? all.filter((row) => row.category_id === query.categoryId) : all;
    return {
      comune: comuneIstat ? toComuneRef(comuni.get(comuneIstat), comuneIstat) : null,
      categories: [...categories].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'it')),
      cards: cards.map((row) => toChoosableCard(row, comuni)),
      choice: chosen ? { ...toChoosableCard(chosen, comuni), available: chosen.active } : null,
    };
  };

  return {
    admin: createGiftcardsAdmin(db, geo),

    /** `GET /api/giftcards/catalogue`: the cards the caller may choose (national ones and its comune's), and its choice. */
    catalogue: async (ctx: TRequestContext, query: TGiftcardCatalogueQuery): Promise<TGiftcardCatalogue> => {
      const actor = requireRole(ctx, CHOOSERS);
      return catalogueOf(actor.userId, query);
    },

    /**
     * `PUT /api/profile/giftcard`: the caller chooses an active card it may see; the card is share-locked while the
     * choice is written, so a deactivation in the same instant waits for it (or is seen by it).
     */
    choose: async (ctx: TRequestContext, input: TChooseGiftcardInput) => {
      const actor = requireRole(ctx, CHOOSERS);
      await db.transaction().execute(async (trx) => {
        const comuneIstat = (await repo.findChoice(trx, actor.userId))?.comune_istat ?? null;
        const card = await repo.lockCardForChoice(trx, input.giftcardId);
        if (!card?.active || (card.kind === 'municipal' && card.comune_istat !== comuneIstat)) throw cardNotFound();
        await repo.upsertChoice(trx, actor.userId, card.id);
      });
      const [choice] = await choosable([(await repo.findCard(db, input.giftcardId))!]);
      return { message: GIFTCARD_MSG.chosen(choice!.name), choice: choice! };
    },

    /** `PUT /api/profile/giftcard/comune`: the comune whose shops' cards the caller sees; its choice stays as it is. */
    setComune: async (ctx: TRequestContext, input: TGiftcardComuneInput): Promise<TGiftcardCatalogue> => {
      const actor = requireRole(ctx, CHOOSERS);
      const comune = (await geo.comuniByIstat([input.comuneIstat])).get(input.comuneIstat);
      if (!comune?.active) throw new AppError('VALIDATION', { userMessage: GIFTCARD_MSG.comuneNotFound, fields: { comuneIstat: [GIFTCARD_MSG.comuneNotFound] } });
      await repo.upsertComune(db, actor.userId, input.comuneIstat);
      return catalogueOf(actor.userId, {});
    },

    /**
     * The card a corner chose to be paid with, for payouts (`name`: «Amazon», «Libreria Rossi – Bologna»); null when
     * it chose none or the admin has since deactivated it (it is to choose again). `db`: the caller's transaction.
     */
    chosenOf: async (cornerId: string, on: TDb = db): Promise<{ id: string; name: string } | null> => {
      const giftcardId = (await repo.findChoice(on, cornerId))?.giftcard_id;
      const card = giftcardId ? await repo.findCard(on, giftcardId) : undefined;
      if (!card?.active) return null;
      const comune = card.comune_istat ? toComuneRef((await comuniOf([card], on)).get(card.comune_istat), card.comune_istat) : null;
      return { id: card.id, name: cardDisplayName(card, comune) };
    },
  };
};
