import type { TNews } from '../../../shared/schemas/data';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';

export type TNewsService = ReturnType<typeof createNewsService>;

export const createNewsService = ({ db }: TServiceDeps) => ({
  /** GET /api/news: published news, newest first (the ticker shows them). */
  list: async (ctx: TRequestContext): Promise<TNews[]> => {
    requireActor(ctx);
    const rows = await db
      .selectFrom('news')
      .select(['id', 'title', 'text'])
      .where('published_at', '<=', new Date())
      .orderBy('published_at', 'desc')
      .limit(100)
      .execute();
    return rows;
  },
});
