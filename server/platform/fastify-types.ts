import type { TEmailOutboxWorker } from '../modules/notifications/email-outbox';
import type { TEventBus } from '../realtime/event-bus';
import type { TRequestContext } from './context';
import type { TMailer } from './mail';
import type { TAuthLimits } from './rate-limit';
import type { TServices } from './services';

declare module 'fastify' {
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
    /** Sends the notification e-mails of the email_outbox table; tests drain it. */
    emailOutbox: TEmailOutboxWorker;
  }
}
