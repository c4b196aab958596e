import type { TRole } from '../../shared/constants';
import type { TEventBus } from '../realtime/event-bus';
import type { TRequestContext } from './context';
import type { TEmailQueue } from './deps';
import type { TJobRunner } from './jobs';
import type { TMailer } from './mail';
import type { TAuthLimits } from './rate-limit';
import type { TServices } from './services';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call an /api/admin/ route, checked before its input is read (app.ts): admins unless the route widens it. */
    roles?: readonly TRole[];
  }
  interface FastifyRequest {
    /** Set by the auth hook on /api and /trpc requests. */
    ctx: TRequestContext;
  }
  interface FastifyInstance {
    services: TServices;
    mailer: TMailer;
    authLimits: TAuthLimits;
    /** The realtime bus: tests and jobs publish through it like the services do. */
    bus: TEventBus;
    /** The e-mail outbox (its e-mails are jobs of `jobs`); tests drain it. */
    emailOutbox: TEmailQueue & { drain: () => Promise<void> };
    /** The app's job runner (the modules' jobs and schedules); tests drain it. */
    jobs: TJobRunner;
  }
}
