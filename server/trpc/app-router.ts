import { modules } from '../composition/modules';
import { routersOf } from '../platform/module';
import { router } from './trpc';

/** Every module's routers under their keys (`auth`, `notification`, ...), typed for the client. */
export const appRouter = router(routersOf(modules));

export type AppRouter = typeof appRouter;
