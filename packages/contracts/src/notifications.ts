import { z } from 'zod';
import { DAY_MS, HOUR_MS } from './constants.js';
import { Id, PageNumber } from './inputs.js';
import type { PushKind } from './push.js';

// A member's notifications (issue 13 item 6; spec §9 "Notifications kept 30 days", §3 push
// settings) and their Web Push subscriptions. Decisions 0205–0212.

/**
 * What a notification is about: a new episode of a favourite series, the answer to a contact
 * request, a gift in the box, a discount coupon about to expire, a rental about to end, a
 * wait-until-free ticket ready again.
 */
export const NotificationKind = z.enum([
  'NEW_EPISODE',
  'CONTACT_ANSWER',
  'GIFT_RECEIVED',
  'COUPON_EXPIRING',
  'RENTAL_ENDING',
  'FREETIME_READY',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The push consent each kind needs (decision 0206): favourites and tickets have their own; the rest are events. */
export const PUSH_KIND_OF: Readonly<Record<NotificationKind, PushKind>> = {
  NEW_EPISODE: 'CONTENTS',
  FREETIME_READY: 'FREETIME',
  CONTACT_ANSWER: 'EVENT',
  GIFT_RECEIVED: 'EVENT',
  COUPON_EXPIRING: 'EVENT',
  RENTAL_ENDING: 'EVENT',
};

/** A discount coupon is announced once when it has this long left (decision 0208). */
export const COUPON_EXPIRY_NOTICE_MS = 3 * DAY_MS;
/** A rental is announced once when it has this long left. */
export const RENTAL_END_NOTICE_MS = 24 * HOUR_MS;
/** Notifications per page of the list. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** Most ids one "mark read" call names. */
export const NOTIFICATION_MARK_MAX = 100;

/** What a notification points at; which fields are set depends on its kind. */
export interface NotificationTarget {
  seriesId: number | null;
  episodeId: number | null;
}

/**
 * The web path a notification opens (decision 0210): the episode on its series page, the series,
 * the gift box, the coupons, or the contact requests.
 */
export function notificationPath(kind: NotificationKind, target: NotificationTarget): string {
  switch (kind) {
    case 'NEW_EPISODE':
    case 'RENTAL_ENDING':
    case 'FREETIME_READY':
      if (target.seriesId === null) return '/';
      return target.episodeId === null
        ? `/detail/${target.seriesId}`
        : `/detail/${target.seriesId}?episode=${target.episodeId}`;
    case 'CONTACT_ANSWER':
      return '/qna';
    case 'GIFT_RECEIVED':
      return '/gift';
    case 'COUPON_EXPIRING':
      return '/coupon';
  }
}

export const Notification = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  /** The title of what it is about: the series, the request, the gift or the coupon. */
  subject: z.string(),
  /** The new episode's number, or how many rented episodes end. */
  number: z.number().int().nullable(),
  /** When the coupon expires or the rental ends. */
  endsAt: z.string().nullable(),
  /** Where it leads on the web (notificationPath). */
  path: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationListQuery = z.object({
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** GET /notifications: the member's notifications of the last 30 days, newest first. */
export const NotificationPage = z.object({
  items: z.array(Notification),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

/** GET /notifications/count, and the answer of marking read. */
export const NotificationCount = z.object({ unread: z.number().int() });
export type NotificationCount = z.infer<typeof NotificationCount>;

/** PUT /notifications/read: some of the member's notifications, or all of them. */
export const MarkNotificationsRead = z.union([
  z.object({ ids: z.array(Id).min(1).max(NOTIFICATION_MARK_MAX) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsRead>;

/** A browser's push subscription (PushSubscription.toJSON()), as POST /notifications/push registers it. */
export const WebPushSubscription = z.object({
  endpoint: z
    .string()
    .max(2048)
    .url()
    .refine((s) => s.startsWith('https://'), { message: 'INVALID_PARAMETER' }),
  keys: z.object({
    p256dh: z.string().min(1).max(256),
    auth: z.string().min(1).max(256),
  }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscription>;

/** DELETE /notifications/push: the browser's subscription to forget. */
export const WebPushUnsubscribe = z.object({ endpoint: z.string().max(2048) });
export type WebPushUnsubscribe = z.infer<typeof WebPushUnsubscribe>;

/** Whether this browser's subscription is kept after the call. */
export const WebPushState = z.object({ subscribed: z.boolean() });
export type WebPushState = z.infer<typeof WebPushState>;

/**
 * POST and DELETE /notifications/app-push: a native app's push token (an FCM registration token
 * on Android, an APNs device token on iOS); the service follows from the app's platform.
 */
export const AppPushToken = z.object({
  token: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[A-Za-z0-9_:.-]+$/, { message: 'INVALID_PARAMETER' }),
});
export type AppPushToken = z.infer<typeof AppPushToken>;

/** GET /notifications/push/key: the VAPID public key browsers subscribe with (base64url). */
export const WebPushKey = z.object({ publicKey: z.string() });
export type WebPushKey = z.infer<typeof WebPushKey>;

/** What the service worker receives in a push (JSON). */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  path: z.string(),
  /** Pushes with the same tag replace one another on the device. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;
