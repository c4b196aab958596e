import {
  ZAddPushSubscriptionRequest,
  ZCheckSubscriptionAnswer,
  ZListNotificationsQuery,
  ZMarkNotificationsReadRequest,
  ZPushEndpointRequest,
  ZPushPublicKey,
  ZNotificationFlags,
  ZNotificationList,
  ZNotificationPreferences,
  ZOnNotificationInput,
  ZUnreadCount,
  ZUpdateNotificationPreferenceRequest,
} from '../../../shared/schemas/notifications';
import { authedProcedure, router, trackedStream } from '../../trpc/trpc';

export const notificationRouter = router({
  find: authedProcedure
    .input(ZListNotificationsQuery)
    .output(ZNotificationList)
    .query(({ ctx, input }) => ctx.services.notifications.list(ctx.ctx, input)),
  preference: router({
    get: authedProcedure.output(ZNotificationPreferences).query(({ ctx }) => ctx.services.notifications.getPreferences(ctx.ctx)),
    update: authedProcedure
      .input(ZUpdateNotificationPreferenceRequest)
      .output(ZNotificationFlags)
      .mutation(({ ctx, input }) => ctx.services.notifications.updatePreference(ctx.ctx, input)),
  }),
  readAll: authedProcedure.output(ZUnreadCount).mutation(({ ctx }) => ctx.services.notifications.readAll(ctx.ctx)),
  read: authedProcedure
    .input(ZMarkNotificationsReadRequest)
    .output(ZUnreadCount)
    .mutation(({ ctx, input }) => ctx.services.notifications.markRead(ctx.ctx, input)),
  push: router({
    publicKey: authedProcedure.output(ZPushPublicKey).query(({ ctx }) => ctx.services.notifications.pushPublicKey(ctx.ctx)),
    check: authedProcedure
      .input(ZPushEndpointRequest)
      .output(ZCheckSubscriptionAnswer)
      .query(({ ctx, input }) => ctx.services.notifications.checkPushSubscription(ctx.ctx, input)),
    add: authedProcedure.input(ZAddPushSubscriptionRequest).mutation(({ ctx, input }) => ctx.services.notifications.addPushSubscription(ctx.ctx, input)),
    remove: authedProcedure.input(ZPushEndpointRequest).mutation(({ ctx, input }) => ctx.services.notifications.deletePushSubscription(ctx.ctx, input)),
  }),
  /** New notifications as they come; after a reconnect, first those after `lastEventId`. */
  onNotification: authedProcedure.input(ZOnNotificationInput).subscription(async ({ ctx, input, signal }) => {
    // Awaited here, before tRPC reports the subscription started: from then on no notification is missed.
    const stream = await ctx.services.notifications.watch(ctx.ctx, { lastEventId: input?.lastEventId, signal });
    return trackedStream(stream, (notification) => notification.id);
  }),
  /**
   * The session's own events: one-time messages, and `ended` when the session is logged out or revoked elsewhere.
   * Not tracked: one-time messages are not stored, so there is nothing to replay. Its start is the browser's
   * `online` (spec section 7): from then on nothing addressed to the user is missed.
   */
  onSession: authedProcedure.subscription(({ ctx, signal }) => ctx.services.notifications.watchSession(ctx.ctx, { signal })),
});
