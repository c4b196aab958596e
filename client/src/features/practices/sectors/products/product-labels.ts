import { SECTORS, type TSectorSlug } from '../../../../../../shared/sectors';

/** The sectors whose catalogue is products the admin builds (issue 29): those declaring `products` in shared/sectors.ts. */
export type TProductSector = { [S in TSectorSlug]: 'products' extends keyof (typeof SECTORS)[S] ? S : never }[TSectorSlug];

/** How the sector names one of its products ("prodotto", "tipo di fideiussione"): the sector's own word, as the admin reads it. */
export const productNounOf = (sector: TSectorSlug): string => {
  const definition = SECTORS[sector];
  return 'products' in definition ? definition.products.noun : 'prodotto';
};

/** The noun with a capital, for a label («Prodotto», «Tipo di fideiussione»). */
export const productLabelOf = (sector: TSectorSlug): string => {
  const noun = productNounOf(sector);
  return noun.charAt(0).toLocaleUpperCase('it') + noun.slice(1);
};

/**
 * The history's label of a product path: the product («Prodotto», «Tipo di fideiussione»), its version, or an answer
 * of its questionnaire (by its key: the labels belong to the version, which the history does not read).
 */
export const productFieldLabel = (sector: TProductSector, path: string): string | null => {
  const [root, key] = path.split('.');
  if (root === 'product') return key === 'version' ? 'Versione del questionario' : productLabelOf(sector);
  if (root === 'answers') return key ? `Questionario: ${key}` : 'Risposte al questionario';
  return null;
};
