import { z } from 'zod';
import { MSG } from '../messages';
import { zRequiredText, zText } from './common';

/**
 * The gift card catalogue (issue 27): categories, national cards (valid everywhere) and municipal cards (the shops of
 * one comune) kept by the admins; each corner chooses the card it wants its commissions paid with, among the national
 * cards and the municipal cards of its comune.
 */
export const GIFTCARD_MSG = {
  categoryNotFound: 'Categoria non trovata.',
  cardNotFound: 'Gift card non trovata.',
  categoryInvalid: 'Scegli una categoria.',
  cardInvalid: 'Scegli una gift card.',
  comuneInvalid: 'Scegli il comune.',
  comuneNotFound: 'Comune non trovato tra quelli attivi.',
  categoryNameTaken: 'Esiste già una categoria con questo nome.',
  categoryInUse: (name: string, count: number) =>
    `La categoria «${name}» non si può eliminare: la usa${count === 1 ? ' una gift card' : `no ${count} gift card`}. Sposta le carte in un’altra categoria o eliminale prima.`,
  cardChosen: (name: string, count: number) =>
    `«${name}» non si può eliminare: è la gift card scelta da ${count === 1 ? 'un corner' : `${count} corner`}. Disattivala: non sarà più proposta e chi l’ha scelta ne sceglierà un’altra.`,
  denominationsRequired: 'Indica almeno un taglio.',
  denominationsTooMany: 'Al massimo 12 tagli.',
  denominationInvalid: 'Ogni taglio è un importo in euro tra 1,00 € e 1.000,00 €.',
  denominationsRepeated: 'Ogni taglio va indicato una volta sola.',
  imageUrlInvalid: 'L’immagine è un indirizzo https:// (es. https://esempio.it/logo.png).',
  categoryCreated: 'Categoria aggiunta.',
  categoryUpdated: 'Categoria aggiornata.',
  categoryDeleted: 'Categoria eliminata.',
  cardCreated: 'Gift card aggiunta.',
  cardUpdated: 'Gift card aggiornata.',
  cardDeleted: 'Gift card eliminata.',
  chosen: (name: string) => `D’ora in poi riceverai le provvigioni in gift card «${name}».`,
  comuneSaved: (name: string) => `Comune salvato: vedi le gift card dei negozi di ${name}.`,
} as const;

export const GIFTCARD_KINDS = ['national', 'municipal'] as const;
export type TGiftcardKind = (typeof GIFTCARD_KINDS)[number];

/** The most a denomination may be: 1.000,00 €. */
export const MAX_DENOMINATION_CENTS = 100_000;

const zCategoryId = z.guid({ error: GIFTCARD_MSG.categoryInvalid });
const zCardId = z.guid({ error: GIFTCARD_MSG.cardInvalid });
const zComuneIstat = z.string({ error: GIFTCARD_MSG.comuneInvalid }).regex(/^\d{6}$/, { error: GIFTCARD_MSG.comuneInvalid });

/** The amounts a card is sold in, in euro cents (2500, 5000, 10000): distinct, stored in increasing order. */
export const zDenominations = z
  .array(z.number({ error: GIFTCARD_MSG.denominationInvalid }).int({ error: GIFTCARD_MSG.denominationInvalid }).min(100, { error: GIFTCARD_MSG.denominationInvalid }).max(MAX_DENOMINATION_CENTS, { error: GIFTCARD_MSG.denominationInvalid }), {
    error: GIFTCARD_MSG.denominationsRequired,
  })
  .min(1, { error: GIFTCARD_MSG.denominationsRequired })
  .max(12, { error: GIFTCARD_MSG.denominationsTooMany })
  .refine((values) => new Set(values).size === values.length, { error: GIFTCARD_MSG.denominationsRepeated })
  .transform((values) => [...values].sort((a, b) => a - b));

const isHttpsUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
};

/** A card's image: an https:// address (the brand's logo), or none ('' or null). */
export const zImageUrl = zText({ error: GIFTCARD_MSG.imageUrlInvalid })
  .trim()
  .max(2000, { error: GIFTCARD_MSG.imageUrlInvalid })
  .nullable()
  .transform((value) => value || null)
  .refine((value) => value === null || isHttpsUrl(value), { error: GIFTCARD_MSG.imageUrlInvalid });

const zActive = z.boolean({ error: MSG.required });

export const ZIdInput = z.object({ id: z.guid({ error: MSG.notFound }) });

// Categories.
export const ZGiftcardCategoryInput = z.object({ name: zRequiredText(60) });
export type TGiftcardCategoryInput = z.infer<typeof ZGiftcardCategoryInput>;
export const ZGiftcardCategoryUpdate = z.object({ id: z.guid({ error: GIFTCARD_MSG.categoryNotFound }), category: ZGiftcardCategoryInput });
export const ZGiftcardCategory = z.object({ id: z.string(), name: z.string(), cardCount: z.number().int() });
export type TGiftcardCategory = z.infer<typeof ZGiftcardCategory>;

// National cards.
const nationalFields = { brand: zRequiredText(120), categoryId: zCategoryId, denominations: zDenominations, imageUrl: zImageUrl, active: zActive };
/** A national card as the admin creates it (`imageUrl` and `active` may be left out: none, active). */
export const ZNationalCardInput = z.object({ ...nationalFields, imageUrl: zImageUrl.optional(), active: zActive.optional() });
export type TNationalCardInput = z.infer<typeof ZNationalCardInput>;
/** `PATCH /api/admin/giftcards/national/:id`: only the fields sent change. */
export const ZNationalCardPatch = z.object(nationalFields).partial();
export type TNationalCardPatch = z.infer<typeof ZNationalCardPatch>;
export const ZNationalCardUpdate = z.object({ id: z.guid({ error: GIFTCARD_MSG.cardNotFound }), card: ZNationalCardPatch });

// Municipal cards.
const municipalFields = { comuneIstat: zComuneIstat, shopName: zRequiredText(120), address: zRequiredText(200), categoryId: zCategoryId, denominations: zDenominations, active: zActive };
export const ZMunicipalCardInput = z.object({ ...municipalFields, active: zActive.optional() });
export type TMunicipalCardInput = z.infer<typeof ZMunicipalCardInput>;
export const ZMunicipalCardPatch = z.object(municipalFields).partial();
export type TMunicipalCardPatch = z.infer<typeof ZMunicipalCardPatch>;
export const ZMunicipalCardUpdate = z.object({ id: z.guid({ error: GIFTCARD_MSG.cardNotFound }), card: ZMunicipalCardPatch });

export const ZComuneRef = z.object({ istat: z.string(), name: z.string(), sigla: z.string() });
export type TComuneRef = z.infer<typeof ZComuneRef>;

const cardCommon = {
  id: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  /** Euro cents, increasing. */
  denominations: z.array(z.number().int()),
  active: z.boolean(),
  /** How many corners have it as their choice. */
  chosenCount: z.number().int(),
  updatedAt: z.date(),
};
export const ZNationalCard = z.object({ ...cardCommon, brand: z.string(), imageUrl: z.string().nullable() });
export type TNationalCard = z.infer<typeof ZNationalCard>;
export const ZMunicipalCard = z.object({ ...cardCommon, shopName: z.string(), address: z.string(), comune: ZComuneRef });
export type TMunicipalCard = z.infer<typeof ZMunicipalCard>;

/** A card as a corner sees it in the catalogue; `name` reads «Amazon» or «Libreria Rossi – Bologna». */
export const ZChoosableCard = z.object({
  id: z.string(),
  kind: z.enum(GIFTCARD_KINDS),
  name: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  denominations: z.array(z.number().int()),
  imageUrl: z.string().nullable(),
  /** The shop's address and comune (municipal cards). */
  address: z.string(),
  comune: ZComuneRef.nullable(),
});
export type TChoosableCard = z.infer<typeof ZChoosableCard>;

/** `GET /api/giftcards/catalogue?categoryId`: what the caller may choose. */
export const ZGiftcardCatalogueQuery = z.object({ categoryId: zCategoryId.optional() });
export type TGiftcardCatalogueQuery = z.infer<typeof ZGiftcardCatalogueQuery>;

export const ZGiftcardCatalogue = z.object({
  /** The comune whose municipal cards the caller sees (none yet: national cards only). */
  comune: ZComuneRef.nullable(),
  /** The categories of the cards the caller may choose (for the filter), by name. */
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The cards the caller may choose (of the category asked), national first, then by name. */
  cards: z.array(ZChoosableCard),
  /** The caller's current choice; `available` false once the admin deactivated it (to choose again). */
  choice: ZChoosableCard.extend({ available: z.boolean() }).nullable(),
});
export type TGiftcardCatalogue = z.infer<typeof ZGiftcardCatalogue>;

/** `PUT /api/profile/giftcard`. */
export const ZChooseGiftcardInput = z.object({ giftcardId: zCardId });
export type TChooseGiftcardInput = z.infer<typeof ZChooseGiftcardInput>;
export const ZChooseGiftcardResult = z.object({ message: z.string(), choice: ZChoosableCard });

/** `PUT /api/profile/giftcard/comune`: the comune whose shops' cards the caller sees. */
export const ZGiftcardComuneInput = z.object({ comuneIstat: zComuneIstat });
export type TGiftcardComuneInput = z.infer<typeof ZGiftcardComuneInput>;

export const ZGiftcardMessage = z.object({ message: z.string() });
