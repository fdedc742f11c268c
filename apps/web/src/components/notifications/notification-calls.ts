import {
  type MarkNotificationsRead,
  NotificationCount,
  WebPushKey,
  WebPushState,
  WebPushSubscription,
} from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The browser's notification calls through the front proxy, answers checked against their
// contracts. Loaded with import() when a member's header asks for the count or a page marks or
// subscribes, so visitors' pages never load this file (nor zod with it).

export async function unreadNotifications(): Promise<number> {
  return (await frontFetch('/notifications/count', NotificationCount)).unread;
}

/** Marks some of the member's notifications read (or all); answers how many stay unread. */
export async function markNotificationsRead(body: MarkNotificationsRead): Promise<number> {
  return (await frontFetch('/notifications/read', NotificationCount, { method: 'PUT', body })).unread;
}

export async function webPushKey(): Promise<string> {
  return (await frontFetch('/notifications/push/key', WebPushKey)).publicKey;
}

/** Registers what `PushSubscription.toJSON()` gave, checked against the contract first. */
export function registerWebPush(subscription: PushSubscriptionJSON): Promise<WebPushState> {
  const body = WebPushSubscription.parse(subscription);
  return frontFetch('/notifications/push', WebPushState, { method: 'POST', body });
}

export function forgetWebPush(endpoint: string): Promise<WebPushState> {
  return frontFetch('/notifications/push', WebPushState, { method: 'DELETE', body: { endpoint } });
}
