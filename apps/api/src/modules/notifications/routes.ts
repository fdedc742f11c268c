import {
  AppPushToken,
  MarkNotificationsRead,
  NotificationCount,
  NotificationListQuery,
  NotificationPage,
  WebPushKey,
  WebPushState,
  WebPushSubscription,
  WebPushUnsubscribe,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as notifications from './service.js';

/** A member's notifications, their browsers' Web Push subscriptions and their apps' push tokens (decisions 0205–0212, 0285). */
export const notificationRoutes: FastifyPluginAsyncZod<{
  vapidPublicKey: string;
  pushServiceHosts: readonly string[];
}> = async (app, { vapidPublicKey, pushServiceHosts }) => {
  const route = routesOf(app, ['notifications']);

  route({
    method: 'GET',
    url: '/notifications',
    summary: 'The signed-in member’s notifications of the last 30 days, newest first, with the unread count',
    access: 'member',
    query: NotificationListQuery,
    response: NotificationPage,
    handler: (ctx, { query }) => notifications.list(ctx, query),
  });

  route({
    method: 'GET',
    url: '/notifications/count',
    summary: 'How many of the member’s notifications are unread (the header’s bell)',
    access: 'member',
    response: NotificationCount,
    handler: (ctx) => notifications.unreadCount(ctx),
  });

  route({
    method: 'PUT',
    url: '/notifications/read',
    summary: 'Mark notifications read: `{ids}` (the member’s own, else NOT_EXIST) or `{all: true}`',
    access: 'member',
    body: MarkNotificationsRead,
    response: NotificationCount,
    handler: (ctx, { body }) => notifications.markRead(ctx, body),
  });

  route({
    method: 'GET',
    url: '/notifications/push/key',
    summary: 'The VAPID public key browsers subscribe to Web Push with',
    access: 'member',
    response: WebPushKey,
    handler: () => ({ publicKey: vapidPublicKey }),
  });

  route({
    method: 'POST',
    url: '/notifications/push',
    summary: 'Register this browser’s Web Push subscription for the member',
    access: 'member',
    body: WebPushSubscription,
    response: WebPushState,
    handler: (ctx, { body }) => notifications.subscribe(ctx, body, pushServiceHosts),
  });

  route({
    method: 'DELETE',
    url: '/notifications/push',
    summary: 'Forget this browser’s Web Push subscription',
    access: 'member',
    body: WebPushUnsubscribe,
    response: WebPushState,
    handler: (ctx, { body }) => notifications.unsubscribe(ctx, body.endpoint),
  });

  route({
    method: 'POST',
    url: '/notifications/app-push',
    summary: 'Register this native app’s push token for the member (FCM on Android, APNs on iOS, by the platform)',
    access: 'member',
    body: AppPushToken,
    response: WebPushState,
    handler: (ctx, { body }) => notifications.registerAppToken(ctx, body),
  });

  route({
    method: 'DELETE',
    url: '/notifications/app-push',
    summary: 'Forget this native app’s push token (the app’s logout)',
    access: 'member',
    body: AppPushToken,
    response: WebPushState,
    handler: (ctx, { body }) => notifications.deleteAppToken(ctx, body),
  });
};
