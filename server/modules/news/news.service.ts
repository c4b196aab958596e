import type { TNews } from '../../../shared/schemas/data';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import * as repo from './news.repository';

export type TNewsService = ReturnType<typeof createNewsService>;

export const createNewsService = ({ db }: TServiceDeps) => ({
  /** GET /api/news: published news, newest first (the ticker shows them). */
  list: async (ctx: TRequestContext): Promise<TNews[]> => {
    requireActor(ctx);
    return repo.listPublishedNews(db, 100);
  },
});
