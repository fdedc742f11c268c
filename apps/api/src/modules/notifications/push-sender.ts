import { createECDH, hkdfSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import { join } from 'node:path';
import { HOUR_MS, type PushPayload } from '@balcony/contracts';
import webpush from 'web-push';

// How a push reaches a device (decision 0209). The job asks a `PushSender`; Web Push (browsers,
// VAPID) is the one built here; the apps' push services (FCM, APNs) are in app-push-sender.ts.

/** A browser's subscription, as it registered it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** SENT; GONE when the push service no longer knows the subscription (404, 410): it is deleted; FAILED otherwise. */
export type PushOutcome = 'SENT' | 'GONE' | 'FAILED';

export interface PushSender {
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** The application server's VAPID identity (RFC 8292): keys in base64url, and a contact. */
export interface VapidSettings {
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` address the push services may contact. */
  subject: string;
}

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = (24 * HOUR_MS) / 1000;
/** A push service that does not answer in this time counts as a failure (the job moves on). */
const PUSH_TIMEOUT_MS = 10_000;

/** `agent` carries the pushes (tests give one that reaches a local stand-in for a push service). */
export function createWebPushSender(
  vapid: VapidSettings,
  log: { warn(obj: object, msg: string): void },
  agent?: Agent,
): PushSender {
  return {
    async send(target, payload) {
      try {
        await webpush.sendNotification(target, JSON.stringify(payload), {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
          topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          ...(agent && { agent }),
        });
        return 'SENT';
      } catch (err) {
        if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'GONE';
        // The endpoint is a third party's address: log its host and status, never the push's keys.
        log.warn(
          {
            host: new URL(target.endpoint).host,
            status: err instanceof webpush.WebPushError ? err.statusCode : undefined,
            err: err instanceof webpush.WebPushError ? undefined : err,
          },
          'web push failed',
        );
        return 'FAILED';
      }
    },
  };
}

/**
 * VAPID keys generated once and kept in the data folder (like the other local secrets of
 * config.ts), so browsers' subscriptions survive restarts of a single embedded instance.
 * Replicas must share keys: give them VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
 */
export function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * VAPID keys derived from the shared AUTH_SECRET (decision 0223): every replica on one database
 * computes the same pair without another setting, so a browser subscribed through one replica
 * receives pushes sent by any other.
 */
export function derivedVapidKeys(secret: Uint8Array): { publicKey: string; privateKey: string } {
  const privateKey = Buffer.from(hkdfSync('sha256', secret, 'balcony', 'web-push vapid p-256', 32));
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}
