import { defineModule } from '../../platform/module';
import { newsRest } from './news.rest';
import { newsRouter } from './news.router';
import { createNewsService, type TNewsService } from './news.service';

declare module '../../platform/services' {
  interface TServices {
    news: TNewsService;
  }
}

/** The news of the ticker. */
export const newsModule = defineModule({
  key: 'news',
  service: (deps) => createNewsService(deps),
  trpc: { news: newsRouter },
  rest: [newsRest],
});
