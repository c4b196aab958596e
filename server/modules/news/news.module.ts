import { defineModule } from '../../platform/module';
import { NEWS_DOCS } from './news.openapi';
import { newsRest } from './news.rest';
import { newsRouter } from './news.router';
import { createNewsService, type TNewsService } from './news.service';

declare module '../../platform/services' {
  interface TServices {
    news: TNewsService;
  }
}

/** The news of the ticker: written, scheduled and pinned by the admins; announced live when they start or end. */
export const newsModule = defineModule({
  key: 'news',
  service: (deps) => createNewsService(deps),
  trpc: { news: newsRouter },
  rest: [newsRest],
  openapi: NEWS_DOCS,
  jobs: ({ services }) => [services.news.job()],
});
