import { adminRouter } from '../modules/admin/admin.router';
import { authRouter } from '../modules/auth/auth.router';
import { clientsRouter } from '../modules/clients/clients.router';
import { configRouter } from '../modules/config/config.router';
import { newsRouter } from '../modules/news/news.router';
import { notificationRouter } from '../modules/notifications/notifications.router';
import { paymentsRouter } from '../modules/payments/payments.router';
import { profileRouter } from '../modules/profile/profile.router';
import { settingsRouter } from '../modules/settings/settings.router';
import { syncRouter } from '../modules/sync/sync.router';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
  profile: profileRouter,
  sync: syncRouter,
  settings: settingsRouter,
  clients: clientsRouter,
  payments: paymentsRouter,
  news: newsRouter,
  notification: notificationRouter,
  config: configRouter,
});

export type AppRouter = typeof appRouter;
