import { describe, expect, it } from 'vitest';
import { applicationServerKey, NOTIFICATION_PATH, supportsPush } from './notifications';

describe('notifications page and Web Push helpers', () => {
  it('lives at /notification', () => {
    expect(NOTIFICATION_PATH).toBe('/notification');
  });

  it('turns the base64url VAPID key into its bytes, without padding or with', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).not.toMatch(/[+/=]/);
    expect(Array.from(applicationServerKey(key))).toEqual(Array.from(bytes));
    expect(Array.from(applicationServerKey('_-8'))).toEqual([0xff, 0xef]);
  });

  it('offers the browser switch only with service workers, PushManager and notifications', () => {
    expect(supportsPush({ navigator: { serviceWorker: {} }, PushManager: {}, Notification: {} })).toBe(true);
    expect(supportsPush({ navigator: {}, PushManager: {}, Notification: {} })).toBe(false);
    expect(supportsPush({ navigator: { serviceWorker: {} }, Notification: {} })).toBe(false);
    expect(supportsPush({ navigator: { serviceWorker: {} }, PushManager: {} })).toBe(false);
  });
});
