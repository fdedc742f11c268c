import { connect } from 'node:http2';
import { MINUTE_MS, type PushPayload } from '@balcony/contracts';
import { importPKCS8, SignJWT } from 'jose';
import type { PushOutcome } from './push-sender.js';

// How a push reaches a native app (decisions 0286, 0287): FCM's HTTP v1 API for the Android apps,
// APNs over HTTP/2 for the iOS app. Each sends one push to one device token and answers as the
// Web Push sender does: GONE (the token is deleted) when the service no longer knows it.

/** The push service of an app's platform (AND_PLAY, AND_PLUS → FCM; IOS_APP → APNS). */
export type AppPushService = 'FCM' | 'APNS';

export interface AppPushSender {
  send(token: string, payload: PushPayload): Promise<PushOutcome>;
}

/** The senders configured; a service without one gets no push (its tokens are kept). */
export type AppPushSenders = Partial<Record<AppPushService, AppPushSender>>;

type Log = { warn(obj: object, msg: string): void };

/** A push service that does not answer in this time counts as a failure (the job moves on). */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a device that is offline (as Web Push's TTL). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** A Firebase project and the service account that may send its messages. */
export interface FcmSettings {
  projectId: string;
  clientEmail: string;
  /** The service account's RSA key (PKCS#8 PEM), as in its JSON file. */
  privateKey: string;
  /** Google's OAuth 2.0 token endpoint; FCM's API origin (tests point both at a local stand-in). */
  tokenUrl: string;
  apiUrl: string;
}

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * FCM HTTP v1: an OAuth 2.0 access token obtained with a JWT the service account signs (RS256),
 * kept until a minute before it ends, then POST `/v1/projects/{id}/messages:send`. A 404 (or an
 * UNREGISTERED error) means the token is no longer valid; a 401 drops the access token kept.
 */
export function createFcmSender(settings: FcmSettings, log: Log): AppPushSender {
  let access: { token: string; until: number } | undefined;
  let keyPromise: ReturnType<typeof importPKCS8> | undefined;

  async function accessToken(): Promise<string> {
    if (access && access.until > Date.now()) return access.token;
    keyPromise ??= importPKCS8(settings.privateKey, 'RS256');
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(settings.clientEmail)
      .setAudience(settings.tokenUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await keyPromise);
    const response = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`FCM token exchange answered ${response.status}`);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('FCM token exchange gave no access token');
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    access = { token: body.access_token, until: Date.now() + seconds * 1000 - MINUTE_MS };
    return access.token;
  }

  return {
    async send(token, payload) {
      try {
        const response = await fetch(
          `${settings.apiUrl}/v1/projects/${encodeURIComponent(settings.projectId)}/messages:send`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              message: {
                token,
                notification: { title: payload.title, body: payload.body },
                data: { path: payload.path, tag: payload.tag },
                android: { ttl: `${PUSH_TTL_SECONDS}s`, notification: { tag: payload.tag } },
              },
            }),
            signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          },
        );
        if (response.ok) return 'SENT';
        const text = await response.text();
        if (response.status === 404 || text.includes('"UNREGISTERED"')) return 'GONE';
        if (response.status === 401) access = undefined;
        log.warn({ service: 'FCM', status: response.status }, 'app push failed');
        return 'FAILED';
      } catch (err) {
        log.warn({ service: 'FCM', err }, 'app push failed');
        return 'FAILED';
      }
    },
  };
}

/** The Apple Developer key that signs provider tokens, and the app the pushes are for. */
export interface ApnsSettings {
  /** The .p8 key (PKCS#8 PEM, P-256). */
  key: string;
  keyId: string;
  teamId: string;
  /** The iOS app's bundle id. */
  topic: string;
  /** https://api.push.apple.com (production) or https://api.sandbox.push.apple.com. */
  url: string;
}

/** Apple refuses provider tokens older than an hour and too frequent new ones: one is kept 50 minutes. */
const APNS_TOKEN_MS = 50 * MINUTE_MS;

/**
 * APNs: POST `/3/device/{token}` over one HTTP/2 connection (opened again when it closes), with a
 * provider token (ES256 JWT of the team, key id in the header). 410, or 400 BadDeviceToken, means
 * the device token is no longer valid.
 */
export function createApnsSender(settings: ApnsSettings, log: Log): AppPushSender & { close(): void } {
  let session: ReturnType<typeof connect> | undefined;
  let provider: { token: string; until: number } | undefined;
  let keyPromise: ReturnType<typeof importPKCS8> | undefined;

  async function providerToken(): Promise<string> {
    if (provider && provider.until > Date.now()) return provider.token;
    keyPromise ??= importPKCS8(settings.key, 'ES256');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: settings.keyId })
      .setIssuer(settings.teamId)
      .setIssuedAt()
      .sign(await keyPromise);
    provider = { token, until: Date.now() + APNS_TOKEN_MS };
    return token;
  }

  function open(): ReturnType<typeof connect> {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(settings.url);
    opened.on('error', (err) => log.warn({ service: 'APNS', err }, 'app push connection failed'));
    opened.unref();
    session = opened;
    return opened;
  }

  function post(token: string, jwt: string, body: string): Promise<{ status: number; reason?: string }> {
    return new Promise((resolve, reject) => {
      const request = open().request({
        ':method': 'POST',
        ':path': `/3/device/${token}`,
        authorization: `bearer ${jwt}`,
        'apns-topic': settings.topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-expiration': String(Math.floor(Date.now() / 1000) + PUSH_TTL_SECONDS),
        'content-type': 'application/json',
      });
      request.setTimeout(PUSH_TIMEOUT_MS, () => request.close());
      let status = 0;
      let text = '';
      request.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        text += chunk;
      });
      request.on('end', () => {
        if (status === 0) return reject(new Error('APNs gave no answer'));
        let reason: string | undefined;
        try {
          reason = text ? (JSON.parse(text) as { reason?: string }).reason : undefined;
        } catch {
          reason = undefined;
        }
        resolve({ status, ...(reason && { reason }) });
      });
      request.on('error', reject);
      // A stream closed before its end (the timeout, a lost connection) is a failure; after it, a no-op.
      request.on('close', () => reject(new Error('APNs stream closed without an answer')));
      request.end(body);
    });
  }

  return {
    async send(token, payload) {
      try {
        const body = JSON.stringify({
          aps: { alert: { title: payload.title, body: payload.body }, 'thread-id': payload.tag },
          path: payload.path,
          tag: payload.tag,
        });
        const answer = await post(token, await providerToken(), body);
        if (answer.status === 200) return 'SENT';
        if (answer.status === 410 || (answer.status === 400 && answer.reason === 'BadDeviceToken')) return 'GONE';
        if (answer.status === 403 && answer.reason === 'ExpiredProviderToken') provider = undefined;
        log.warn({ service: 'APNS', status: answer.status, reason: answer.reason }, 'app push failed');
        return 'FAILED';
      } catch (err) {
        log.warn({ service: 'APNS', err }, 'app push failed');
        return 'FAILED';
      }
    },
    close() {
      session?.close();
    },
  };
}
