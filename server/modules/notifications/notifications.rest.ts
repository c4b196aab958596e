import type { FastifyInstance } from 'fastify';
import {
  ZAddPushSubscriptionRequest,
  ZListNotificationsQuery,
  ZMarkNotificationsReadRequest,
  ZPushEndpointRequest,
  ZUpdateNotificationPreferenceRequest,
} from '../../../shared/schemas/notifications';
import { withTotalCount } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';

/** Literal /api/notification paths over the notifications service. */
export const notificationsRest = async (app: FastifyInstance) => {
  const { notifications } = app.services;

  app.get('/api/notification', async (request, reply) => withTotalCount(reply, await notifications.list(request.ctx, parseInput(ZListNotificationsQuery, request.query))));

  app.post('/api/notification/read-all', async (request) => notifications.readAll(request.ctx));

  app.get('/api/notification/preference', async (request) => notifications.getPreferences(request.ctx));

  app.patch('/api/notification/preference', async (request) =>
    notifications.updatePreference(request.ctx, parseInput(ZUpdateNotificationPreferenceRequest, request.body)),
  );

  app.get('/api/notification/push-key', async (request) => notifications.pushPublicKey(request.ctx));

  /** Answers the text YES or NO (spec section 7: "YES or otherwise"). */
  app.post('/api/notification/check-subscription', async (request, reply) => {
    const answer = await notifications.checkPushSubscription(request.ctx, parseInput(ZPushEndpointRequest, request.body));
    return reply.type('text/plain; charset=utf-8').send(answer);
  });

  app.post('/api/notification/subscription/add', async (request) =>
    notifications.addPushSubscription(request.ctx, parseInput(ZAddPushSubscriptionRequest, request.body)),
  );

  app.post('/api/notification/subscription/delete', async (request) =>
    notifications.deletePushSubscription(request.ctx, parseInput(ZPushEndpointRequest, request.body)),
  );

  app.post('/api/notification/read', async (request) => notifications.markRead(request.ctx, parseInput(ZMarkNotificationsReadRequest, request.body)));
};
