import type { TNews } from '../../../../shared/schemas/data';

/** Spec section 9: the ticker moves at 500 ms per character of title plus text. */
export const TICKER_MS_PER_CHARACTER = 500;

/** How long one pass of the ticker lasts, for the given news. */
export const tickerDurationMs = (news: readonly Pick<TNews, 'title' | 'text'>[]): number =>
  news.reduce((total, item) => total + ((item.title ?? '').length + item.text.length) * TICKER_MS_PER_CHARACTER, 0);
