import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttp2Server, type IncomingHttpHeaders as Http2Headers } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushPayload } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { appPushTokens, notifications, users } from '../src/db/schema.js';
import { type AppPushSender, createApnsSender, createFcmSender } from '../src/modules/notifications/app-push-sender.js';
import type { PushOutcome, PushSender } from '../src/modules/notifications/push-sender.js';
import { sendDuePushes } from '../src/modules/notifications/service.js';
import { createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// The native apps' pushes (decisions 0285–0287): an app registers its token under its platform
// (Android → FCM, iOS → APNs) and removes it, only its member's; the push job sends to it when the
// member's app switch is on; the FCM and APNs senders talk to local stand-ins (no network).

const BRAND = 'delitoonb-fr';
type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const newMember = () => createMember(db(), t.config.auth, { brandId: BRAND });
const token = () => `tok_${randomUUID().replaceAll('-', '')}`;

function api(method: 'POST' | 'DELETE', who: Member | undefined, platform: string, payload: object) {
  return t.app.inject({
    method,
    url: '/api/v1/notifications/app-push',
    headers: { ...brandHeaders(BRAND, platform), ...(who?.headers ?? {}) },
    payload,
  });
}
const tokensOf = async (m: Member) =>
  (await db().select().from(appPushTokens).where(eq(appPushTokens.userId, m.id))).map((r) => [r.service, r.token]);

describe('POST and DELETE /notifications/app-push', () => {
  it('keeps the token under the service of the app’s platform, and removes it on the app’s logout', async () => {
    const m = await newMember();
    const android = token();
    const ios = token();
    expect((await api('POST', m, 'AND_PLAY', { token: android })).json().data).toEqual({ subscribed: true });
    expect((await api('POST', m, 'IOS_APP', { token: ios })).json().data).toEqual({ subscribed: true });
    expect((await tokensOf(m)).sort()).toEqual([
      ['APNS', ios],
      ['FCM', android],
    ]);
    // The same token again is still one row.
    await api('POST', m, 'AND_PLUS', { token: android });
    expect(await tokensOf(m)).toHaveLength(2);
    expect((await api('DELETE', m, 'AND_PLAY', { token: android })).json().data).toEqual({ subscribed: false });
    expect(await tokensOf(m)).toEqual([['APNS', ios]]);
  });

  it('refuses the web, malformed or oversized tokens, and visitors', async () => {
    const m = await newMember();
    const code = async (res: ReturnType<typeof api>) => [(await res).statusCode, (await res).json().code];
    expect(await code(api('POST', m, 'WEB', { token: token() }))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await code(api('POST', m, 'AND_PLAY', { token: '../../x' }))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await code(api('POST', m, 'AND_PLAY', { token: 'a\u0000b' }))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await code(api('POST', m, 'AND_PLAY', { token: 'a'.repeat(4097) }))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await code(api('POST', m, 'AND_PLAY', {}))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await code(api('POST', undefined, 'AND_PLAY', { token: token() }))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await tokensOf(m)).toEqual([]);
  });

  it('another member cannot remove a member’s token; registering it on their device makes it theirs', async () => {
    const m = await newMember();
    const other = await newMember();
    const shared = token();
    await api('POST', m, 'IOS_APP', { token: shared });
    expect((await api('DELETE', other, 'IOS_APP', { token: shared })).statusCode).toBe(200);
    expect(await tokensOf(m)).toEqual([['APNS', shared]]);
    // The device changed hands (another account signed in on it): the pushes follow the new member.
    await api('POST', other, 'IOS_APP', { token: shared });
    expect(await tokensOf(m)).toEqual([]);
    expect(await tokensOf(other)).toEqual([['APNS', shared]]);
  });
});

/** An app sender that records what it was asked, answering per token. */
function fakeAppSender(answers: Record<string, PushOutcome> = {}) {
  const sent: { token: string; payload: PushPayload }[] = [];
  const sender: AppPushSender = {
    async send(to, payload) {
      sent.push({ token: to, payload });
      return answers[to] ?? 'SENT';
    },
  };
  return { sender, sent };
}
const noWebPush: PushSender = {
  send: () => Promise.reject(new Error('no browser subscribed in this test')),
};

async function pendingNotification(m: Member) {
  await db().insert(notifications).values({
    brandId: BRAND,
    userId: m.id,
    kind: 'CONTACT_ANSWER',
    dedupeKey: randomUUID(),
    subject: 'Refund please',
    createdAt: new Date(),
    pushAt: new Date(),
  });
}

describe('the push job and the apps', () => {
  it('sends to each app of a member whose app switch is on, through its service; a gone token is deleted', async () => {
    const m = await newMember();
    await db()
      .update(users)
      .set({ isAppPush: true, isAgreePush: true, isAgreePushNight: true })
      .where(eq(users.id, m.id));
    const android = token();
    const gone = token();
    const ios = token();
    await api('POST', m, 'AND_PLAY', { token: android });
    await api('POST', m, 'AND_PLUS', { token: gone });
    await api('POST', m, 'IOS_APP', { token: ios });
    await pendingNotification(m);
    const fcm = fakeAppSender({ [gone]: 'GONE' });
    const apns = fakeAppSender();
    await sendDuePushes(db(), noWebPush, new Date(), { FCM: fcm.sender, APNS: apns.sender });
    expect(fcm.sent.map((s) => s.token).sort()).toEqual([android, gone].sort());
    expect(apns.sent.map((s) => s.token)).toEqual([ios]);
    expect(apns.sent[0]?.payload).toMatchObject({ title: 'Delitoon BL', path: '/qna' });
    expect((await tokensOf(m)).map(([, v]) => v).sort()).toEqual([android, ios].sort());
    const [row] = await db().select().from(notifications).where(eq(notifications.userId, m.id));
    expect(row?.pushState).toBe('SENT');
  });

  it('sends nothing to the apps when the switch is off or no sender is configured for the service', async () => {
    const off = await newMember();
    await db().update(users).set({ isAgreePush: true, isAgreePushNight: true }).where(eq(users.id, off.id));
    await api('POST', off, 'AND_PLAY', { token: token() });
    await pendingNotification(off);
    const on = await newMember();
    await db()
      .update(users)
      .set({ isAppPush: true, isAgreePush: true, isAgreePushNight: true })
      .where(eq(users.id, on.id));
    await api('POST', on, 'IOS_APP', { token: token() });
    await pendingNotification(on);
    const fcm = fakeAppSender();
    await sendDuePushes(db(), noWebPush, new Date(), { FCM: fcm.sender });
    expect(fcm.sent).toEqual([]);
    expect(await tokensOf(on)).toHaveLength(1);
  });
});

/** A loopback HTTP stand-in answering by path. */
async function listen(handler: (req: { url: string; headers: IncomingHttpHeaders; body: string }) => [number, string]) {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const [status, text] = handler({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const payload = {
  title: 'Delitoon BL',
  body: 'Votre demande a reçu une réponse',
  path: '/qna',
  tag: 'CONTACT_ANSWER-7',
};

describe('the FCM sender', () => {
  it('exchanges a signed service-account JWT for an access token once, sends HTTP v1 messages, GONE on UNREGISTERED', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const exchanges: URLSearchParams[] = [];
    const messages: { url: string; authorization: string | undefined; body: unknown }[] = [];
    const { server, origin } = await listen(({ url, headers, body }) => {
      if (url === '/token') {
        exchanges.push(new URLSearchParams(body));
        return [200, JSON.stringify({ access_token: 'ya29.stand-in', expires_in: 3600, token_type: 'Bearer' })];
      }
      const message = JSON.parse(body) as { message: { token: string } };
      messages.push({ url, authorization: headers.authorization, body: message });
      if (message.message.token === 'gone') {
        return [404, JSON.stringify({ error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } })];
      }
      if (message.message.token === 'busy') return [503, '{}'];
      return [200, JSON.stringify({ name: 'projects/balcony-app/messages/1' })];
    });
    const sender = createFcmSender(
      {
        projectId: 'balcony-app',
        clientEmail: 'push@balcony-app.iam.gserviceaccount.com',
        privateKey,
        tokenUrl: `${origin}/token`,
        apiUrl: origin,
      },
      { warn: () => {} },
    );
    try {
      const outcomes = [];
      for (const to of ['device-1', 'gone', 'busy']) outcomes.push(await sender.send(to, payload));
      expect(outcomes).toEqual(['SENT', 'GONE', 'FAILED']);

      expect(exchanges).toHaveLength(1);
      expect(exchanges[0]?.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      const assertion = exchanges[0]?.get('assertion') ?? '';
      expect(decodeProtectedHeader(assertion).alg).toBe('RS256');
      const { payload: claims } = await jwtVerify(assertion, await importSPKI(publicKey, 'RS256'), {
        issuer: 'push@balcony-app.iam.gserviceaccount.com',
        audience: `${origin}/token`,
      });
      expect(claims.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');

      expect(messages[0]).toEqual({
        url: '/v1/projects/balcony-app/messages:send',
        authorization: 'Bearer ya29.stand-in',
        body: {
          message: {
            token: 'device-1',
            notification: { title: payload.title, body: payload.body },
            data: { path: '/qna', tag: 'CONTACT_ANSWER-7' },
            android: { ttl: '86400s', notification: { tag: 'CONTACT_ANSWER-7' } },
          },
        },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the APNs sender', () => {
  it('posts over HTTP/2 with an ES256 provider token and the topic; GONE on 410 or BadDeviceToken', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const answers: Record<string, [number, string]> = {
      '/3/device/aa01': [200, ''],
      '/3/device/aa02': [410, JSON.stringify({ reason: 'Unregistered' })],
      '/3/device/aa03': [400, JSON.stringify({ reason: 'BadDeviceToken' })],
      '/3/device/aa04': [500, JSON.stringify({ reason: 'InternalServerError' })],
    };
    const received: { headers: Http2Headers; body: string }[] = [];
    const server = createHttp2Server();
    server.on('stream', (stream, headers) => {
      let body = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => {
        body += c;
      });
      stream.on('end', () => {
        received.push({ headers, body });
        const [status, text] = answers[String(headers[':path'])] ?? [404, ''];
        stream.respond({ ':status': status });
        stream.end(text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sender = createApnsSender(
      {
        key: privateKey,
        keyId: 'KEY1234567',
        teamId: 'TEAM123456',
        topic: 'com.balcony.app',
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      },
      { warn: () => {} },
    );
    try {
      const outcomes = [];
      for (const to of ['aa01', 'aa02', 'aa03', 'aa04']) outcomes.push(await sender.send(to, payload));
      expect(outcomes).toEqual(['SENT', 'GONE', 'GONE', 'FAILED']);
      const first = received[0];
      expect(first?.headers).toMatchObject({
        ':method': 'POST',
        ':path': '/3/device/aa01',
        'apns-topic': 'com.balcony.app',
        'apns-push-type': 'alert',
      });
      expect(JSON.parse(first?.body ?? '')).toEqual({
        aps: { alert: { title: payload.title, body: payload.body }, 'thread-id': 'CONTACT_ANSWER-7' },
        path: '/qna',
        tag: 'CONTACT_ANSWER-7',
      });
      const jwt = String(first?.headers.authorization).replace(/^bearer /, '');
      expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
      await jwtVerify(jwt, await importSPKI(publicKey, 'ES256'), { issuer: 'TEAM123456' });
      // One provider token for every push of the hour.
      expect(new Set(received.map((r) => r.headers.authorization)).size).toBe(1);
    } finally {
      sender.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the app push settings', () => {
  it('are off unless given, read the service account inline or from a file, and refuse half of them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'balcony-app-push-'));
    const account = { client_email: 'push@p.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\nx\n' };
    const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).appPush;
    try {
      expect(load({})).toEqual({});
      const inline = load({ FCM_PROJECT_ID: 'p', FCM_SERVICE_ACCOUNT: JSON.stringify(account) });
      expect(inline.fcm).toEqual({
        projectId: 'p',
        clientEmail: account.client_email,
        privateKey: account.private_key,
        tokenUrl: 'https://oauth2.googleapis.com/token',
        apiUrl: 'https://fcm.googleapis.com',
      });
      const file = join(dataDir, 'service-account.json');
      await writeFile(file, JSON.stringify(account));
      expect(load({ FCM_PROJECT_ID: 'p', FCM_SERVICE_ACCOUNT: file }).fcm).toEqual(inline.fcm);
      expect(() => load({ FCM_PROJECT_ID: 'p' })).toThrow(ConfigError);
      const apns = { APNS_KEY: account.private_key, APNS_KEY_ID: 'K', APNS_TEAM_ID: 'T', APNS_TOPIC: 'com.b' };
      expect(load(apns).apns).toMatchObject({
        keyId: 'K',
        teamId: 'T',
        topic: 'com.b',
        url: 'https://api.push.apple.com',
      });
      expect(() => load({ ...apns, APNS_TOPIC: '' })).toThrow(ConfigError);
      expect(() => load({ ...apns, APNS_URL: 'http://apns.example.com' })).toThrow();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
