import { defineModule } from '../../platform/module';
import { NOTIFICATIONS_DOCS } from './notifications.openapi';
import { notificationsRest } from './notifications.rest';
import { notificationRouter } from './notifications.router';
import { createNotificationsService, type TNotificationsService } from './notifications.service';
import { notificationsSocket } from './notifications.socket';
import type { TPushTransport } from './web-push';

declare module '../../platform/services' {
  interface TServices {
    notifications: TNotificationsService;
  }
  interface TModuleOptions {
    /** How web pushes leave (tests record them instead of calling the browsers' push services). */
    pushTransport?: TPushTransport;
  }
}

/** Notifications: stored, e-mailed through the outbox, pushed, and announced live. */
export const notificationsModule = defineModule({
  key: 'notifications',
  service: (deps) => createNotificationsService(deps, { onEmailQueued: deps.emailOutbox.kick, pushTransport: deps.options.pushTransport }),
  trpc: { notification: notificationRouter },
  rest: [notificationsRest],
  openapi: NOTIFICATIONS_DOCS,
  sockets: [notificationsSocket],
});
