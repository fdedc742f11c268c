'use client';

import { applicationServerKey, type BrowserPushState, PUSH_WORKER_PATH } from '@/lib/notifications/notifications';

// This browser's Web Push subscription (decision 0211): the settings switch and logout use it.

/** The push worker's registration and its subscription, when this browser has them. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_PATH);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function subscribeThisBrowser(): Promise<BrowserPushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  await navigator.serviceWorker.register(PUSH_WORKER_PATH);
  const registration = await navigator.serviceWorker.ready;
  const calls = await import('./notification-calls');
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(await calls.webPushKey()),
  });
  await calls.registerWebPush(subscription.toJSON());
  return 'on';
}

export async function unsubscribeThisBrowser(): Promise<BrowserPushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    try {
      const calls = await import('./notification-calls');
      await calls.forgetWebPush(subscription.endpoint);
    } finally {
      // Even when the server was not told: its push service then answers 410, and the server
      // deletes the subscription at its next push (decision 0209).
      await subscription.unsubscribe();
    }
  }
  return 'off';
}
