import type { TComune } from '../../../shared/schemas/geo';
import type { TChoosableCard, TComuneRef } from '../../../shared/schemas/giftcards';
import type { TCardRow } from './giftcards.repository';

/** A comune as the catalogue names it; a code the reference data no longer knows reads as itself. */
export const toComuneRef = (comune: TComune | undefined, istat: string): TComuneRef => (comune ? { istat, name: comune.name, sigla: comune.sigla } : { istat, name: istat, sigla: '' });

/** How a card is named to corners and payouts: «Amazon», «Libreria Rossi – Bologna». */
export const cardDisplayName = (row: Pick<TCardRow, 'kind' | 'name'>, comune: TComuneRef | null) => (row.kind === 'municipal' && comune ? `${row.name} – ${comune.name}` : row.name);

export const toChoosableCard = (row: Omit<TCardRow, 'chosen_count'>, comuni: ReadonlyMap<string, TComune>): TChoosableCard => {
  const comune = row.comune_istat ? toComuneRef(comuni.get(row.comune_istat), row.comune_istat) : null;
  return {
    id: row.id,
    kind: row.kind,
    name: cardDisplayName(row, comune),
    categoryId: row.category_id,
    categoryName: row.category_name,
    denominations: row.denominations.map(Number),
    imageUrl: row.image_url,
    address: row.address,
    comune,
  };
};
