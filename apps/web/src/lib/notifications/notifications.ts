import { routes } from '../navigation/routes';

// Pure rules of the notifications' screens (issue 13 item 6; decisions 0210, 0211): where they
// live, how the header hears of a change, and the Web Push details the browser needs.

export const NOTIFICATION_PATH = routes.notifications();

/**
 * The window event that tells the header's bell how many notifications are unread after this
 * page marked some (`detail` is the count), so the bell need not ask the api again.
 */
export const NOTIFICATIONS_CHANGED_EVENT = 'balcony:notifications-changed';

/** The service worker that shows pushes (apps/web/public); its scope is the whole site. */
export const PUSH_WORKER_PATH = '/push-sw.js';

/** The VAPID public key (base64url) as the bytes `PushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** What the browser toggle can be: not offered, blocked by the reader, or on/off. */
export type BrowserPushState = 'unsupported' | 'denied' | 'on' | 'off';

/** Whether this browser can receive Web Push at all (service workers, PushManager, notifications). */
export function supportsPush(scope: {
  navigator?: { serviceWorker?: unknown };
  PushManager?: unknown;
  Notification?: unknown;
}): boolean {
  return Boolean(scope.navigator?.serviceWorker && scope.PushManager && scope.Notification);
}
