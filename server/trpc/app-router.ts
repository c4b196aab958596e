import { adminRouter } from '../modules/admin/admin.router';
import { authRouter } from '../modules/auth/auth.router';
import { clientsRouter } from '../modules/clients/clients.router';
import { configRouter } from '../modules/config/config.router';
import { filesRouter } from '../modules/files/files.router';
import { adminDocsRouter } from '../modules/files/admin-docs.router';
import { contractRouter } from '../modules/contract/contract.router';
import { newsRouter } from '../modules/news/news.router';
import { notificationRouter } from '../modules/notifications/notifications.router';
import { chatRouter } from '../modules/chat/chat.router';
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
  chat: chatRouter,
  config: configRouter,
  files: filesRouter,
  adminDocs: adminDocsRouter,
  contract: contractRouter,
});

export type AppRouter = typeof appRouter;
