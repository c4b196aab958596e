import type { FastifyInstance } from 'fastify';
import { ZListNotificationsQuery, ZMarkNotificationsReadRequest, ZUpdateNotificationPreferenceRequest } from '../../../shared/schemas/notifications';
import { parseInput } from '../../platform/validate';

/** Literal /api/notification paths over the notifications service. */
export const notificationsRest = async (app: FastifyInstance) => {
  const { notifications } = app.services;

  app.get('/api/notification', async (request) => notifications.list(request.ctx, parseInput(ZListNotificationsQuery, request.query)));

  app.post('/api/notification/read-all', async (request) => notifications.readAll(request.ctx));

  app.get('/api/notification/preference', async (request) => notifications.getPreferences(request.ctx));

  app.patch('/api/notification/preference', async (request) =>
    notifications.updatePreference(request.ctx, parseInput(ZUpdateNotificationPreferenceRequest, request.body)),
  );

  app.post('/api/notification/read', async (request) => notifications.markRead(request.ctx, parseInput(ZMarkNotificationsReadRequest, request.body)));
};
