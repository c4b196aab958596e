import type { TDb } from '../db/database';

/** Categories of the demo catalogue. */
const CATEGORIES = ['Spesa', 'Carburante', 'Shopping', 'Libri', 'Ristoranti', 'Sport'] as const;
type TCategory = (typeof CATEGORIES)[number];

const NATIONAL: { name: string; category: TCategory; denominations: number[]; image: string | null }[] = [
  { name: 'Amazon', category: 'Shopping', denominations: [2_500, 5_000, 10_000], image: 'https://upload.wikimedia.org/wikipedia/commons/a/a9/Amazon_logo.svg' },
  { name: 'Esselunga', category: 'Spesa', denominations: [2_500, 5_000, 10_000], image: null },
  { name: 'Coop', category: 'Spesa', denominations: [2_500, 5_000], image: null },
  { name: 'Decathlon', category: 'Sport', denominations: [2_500, 5_000, 10_000], image: null },
  { name: 'IKEA', category: 'Shopping', denominations: [5_000, 10_000, 25_000], image: null },
  { name: 'Feltrinelli', category: 'Libri', denominations: [2_500, 5_000], image: null },
  { name: 'Enilive', category: 'Carburante', denominations: [5_000, 10_000], image: null },
  { name: 'Q8', category: 'Carburante', denominations: [5_000, 10_000], image: null },
];

/** Shops of real comuni, among them Bologna (the person corner's) and Milano (the company corner's). */
const MUNICIPAL: { istat: string; name: string; address: string; category: TCategory; denominations: number[] }[] = [
  { istat: '037006', name: 'Libreria Rossi', address: 'Via Zamboni 12, 40126 Bologna', category: 'Libri', denominations: [2_000, 5_000] },
  { istat: '037006', name: 'Trattoria Da Nello', address: 'Via Castiglione 3, 40124 Bologna', category: 'Ristoranti', denominations: [3_000, 6_000] },
  { istat: '037006', name: 'Forno Calzolari', address: 'Via San Felice 16, 40122 Bologna', category: 'Spesa', denominations: [1_500, 3_000] },
  { istat: '015146', name: 'Libreria Brera', address: 'Via Fiori Chiari 8, 20121 Milano', category: 'Libri', denominations: [2_500, 5_000] },
  { istat: '015146', name: 'Pasticceria Navigli', address: 'Ripa di Porta Ticinese 25, 20143 Milano', category: 'Ristoranti', denominations: [2_000, 4_000] },
  { istat: '058091', name: 'Enoteca Trastevere', address: 'Via della Lungaretta 70, 00153 Roma', category: 'Ristoranti', denominations: [3_000, 5_000] },
  { istat: '063049', name: 'Libreria Port’Alba', address: 'Via Port’Alba 1, 80134 Napoli', category: 'Libri', denominations: [2_000] },
];

/**
 * The demo gift card catalogue: categories, national cards and shops of real comuni; the person corner lives in
 * Bologna and has chosen its bookshop, the company corner lives in Milano and has not chosen yet.
 */
export const loadDemoGiftcards = async (trx: TDb, corners: { persona: string; azienda: string }) => {
  const categories = await trx
    .insertInto('giftcard_categories')
    .values(CATEGORIES.map((name) => ({ name })))
    .returning(['id', 'name'])
    .execute();
  const categoryId = (name: TCategory) => categories.find((category) => category.name === name)!.id;
  await trx
    .insertInto('giftcard_catalogue')
    .values(NATIONAL.map((card) => ({ kind: 'national' as const, category_id: categoryId(card.category), name: card.name, comune_istat: null, image_url: card.image, denominations: card.denominations })))
    .execute();
  const shops = await trx
    .insertInto('giftcard_catalogue')
    .values(
      MUNICIPAL.map((card) => ({ kind: 'municipal' as const, category_id: categoryId(card.category), name: card.name, comune_istat: card.istat, address: card.address, image_url: null, denominations: card.denominations })),
    )
    .returning(['id', 'name'])
    .execute();
  await trx
    .insertInto('giftcard_choices')
    .values([
      { corner_id: corners.persona, comune_istat: '037006', giftcard_id: shops.find((shop) => shop.name === 'Libreria Rossi')!.id, chosen_at: new Date() },
      { corner_id: corners.azienda, comune_istat: '015146' },
    ])
    .execute();
};
