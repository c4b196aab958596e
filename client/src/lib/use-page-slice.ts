import { useState } from 'react';

/** The items of page `page` (from 1) of `size` each. */
export const pageOf = <T>(items: readonly T[], page: number, size: number): T[] => items.slice((page - 1) * size, page * size);

/**
 * Pages of a list already in memory (an import's rows, a card's files): the page shown (kept within the pages when
 * the list shrinks, e.g. under a filter), the number of pages and the items of the page.
 */
export const usePageSlice = <T>(items: readonly T[], size: number) => {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages);
  return { page: current, pages, setPage, items: pageOf(items, current, size) };
};
