import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Agent } from 'node:https';
import { type AddressInfo, connect } from 'node:net';
import { DAY_MS, HOUR_MS, type PushPayload } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  contactRequests,
  couponCodes,
  coupons,
  couponUsers,
  favorites,
  freetimeUses,
  notifications,
  pushSubscriptions,
  users,
} from '../src/db/schema.js';
import {
  createWebPushSender,
  type PushOutcome,
  type PushSender,
  type PushTarget,
} from '../src/modules/notifications/push-sender.js';
import { deleteExpired, scanTriggers, sendDuePushes } from '../src/modules/notifications/service.js';
import { createAdmin, createMember, createSeries, grant } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';

// Notifications (issue 13 item 6; decisions 0205–0212): each kind made by its trigger, once;
// the member's list, unread count and marking read, only their own; pushes by the job, with the
// member's consent, deferred past the night in the brand's zone; gone subscriptions deleted;
// kept 30 days. Pushes go to a fake sender: no network.

const BRAND = 'delitoonb-fr'; // Europe/Paris
const TAIPEI_BRAND = 'bom-tw'; // Asia/Taipei

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT', 'FINANCE'], brandIds: [BRAND] });
});
afterAll(() => t.close());

const db = () => t.database.db;
const newMember = (brandId = BRAND) => createMember(db(), t.config.auth, { brandId });

const { api, data, failure } = callsOf(() => t, { brand: BRAND });

interface Item {
  id: number;
  kind: string;
  subject: string;
  number: number | null;
  path: string;
  readAt: string | null;
}
const listOf = async (m: Member): Promise<Item[]> => (await data(api('GET', '/notifications', m))).items;
const unreadOf = async (m: Member): Promise<number> => (await data(api('GET', '/notifications/count', m))).unread;

/** A push sender that records what it was asked, answering per endpoint. */
function fakeSender(answers: Record<string, PushOutcome> = {}) {
  const sent: { target: PushTarget; payload: PushPayload }[] = [];
  const sender: PushSender = {
    async send(target, payload) {
      sent.push({ target, payload });
      return answers[target.endpoint] ?? 'SENT';
    },
  };
  return { sender, sent };
}

async function subscribe(m: Member, endpoint = `https://push.example.com/${randomUUID()}`, brandId = BRAND) {
  await data(
    api('POST', '/notifications/push', m, { endpoint, keys: { p256dh: 'p256dh-key', auth: 'auth-key' } }, brandId),
  );
  return endpoint;
}

async function consent(m: Member, settings: Partial<typeof users.$inferInsert>) {
  await db().update(users).set(settings).where(eq(users.id, m.id));
}

/** A contact request of `m`, answered by the admin through the api. */
async function answeredRequest(m: Member, title = 'Where are my coins?') {
  const [row] = await db()
    .insert(contactRequests)
    .values({ brandId: BRAND, userId: m.id, category: 'PAYMENT', title, content: 'I paid and see none.' })
    .returning();
  if (!row) throw new Error('no request');
  await data(api('POST', `/admin/qna/${row.id}/answer`, admin, { answer: 'They are there now.' }));
  return row.id;
}

// The scan job keeps a cursor: each scan of this file runs later than the one before.
let clock = Date.now();
const later = (ms = DAY_MS) => {
  clock += ms;
  return new Date(clock);
};

describe('notifications from triggers', () => {
  it('an answered contact request notifies its member once per answer, with a link to the requests', async () => {
    const m = await newMember();
    await answeredRequest(m, 'Coins missing');
    const [item] = await listOf(m);
    expect(item).toMatchObject({ kind: 'CONTACT_ANSWER', subject: 'Coins missing', path: '/qna', readAt: null });
    expect(await unreadOf(m)).toBe(1);
  });

  it('a gift sent to a member notifies them; a retried sending does not notify again', async () => {
    const m = await newMember();
    const body = {
      targets: [{ type: 'USER', userId: m.id }],
      content: { kind: 'COIN', coinType: 'BONUS', amount: 30 },
      title: 'A present',
      idempotencyKey: randomUUID(),
    };
    await data(api('POST', '/admin/gifts', admin, body));
    await data(api('POST', '/admin/gifts', admin, body));
    const items = await listOf(m);
    expect(items.map((i) => [i.kind, i.subject, i.path])).toEqual([['GIFT_RECEIVED', 'A present', '/gift']]);
  });

  it('a new episode of a favourite series notifies its followers, once however often the scan runs', async () => {
    const now = later();
    const s = await createSeries(db(), { title: 'Night Garden', episodes: { count: 2, free: 1, now } });
    const follower = await newMember();
    const other = await newMember();
    await db().insert(favorites).values({ userId: follower.id, seriesId: s.id });
    const newest = s.episodes[1];
    if (!newest) throw new Error('no episode');
    // The newest episode came out an hour before `now` (factories), the first a day before that.
    await scanTriggers(db(), now);
    await scanTriggers(db(), now);
    await scanTriggers(db(), later(HOUR_MS));
    const items = await listOf(follower);
    expect(items.map((i) => [i.kind, i.subject, i.number, i.path])).toEqual([
      ['NEW_EPISODE', 'Night Garden', 2, `/detail/${s.id}?episode=${newest.id}`],
    ]);
    expect(await listOf(other)).toEqual([]);
  });

  it('a discount coupon is announced when its last 3 days begin, and not once used up', async () => {
    const m = await newMember();
    const [coupon] = await db()
      .insert(coupons)
      .values({ brandId: BRAND, name: '10 % off', kind: 'DISCOUNT', discountPercent: 10 })
      .returning();
    if (!coupon) throw new Error('no coupon');
    const [code] = await db().insert(couponCodes).values({ couponId: coupon.id, codeHash: randomUUID() }).returning();
    if (!code) throw new Error('no code');
    const scanAt = later();
    // Registered earlier; its end is 3 days minus 30 minutes after this scan: inside the window.
    const expiresAt = new Date(scanAt.getTime() + 3 * DAY_MS - 30 * 60_000);
    await db()
      .insert(couponUsers)
      .values({
        couponId: coupon.id,
        codeId: code.id,
        userId: m.id,
        registeredAt: new Date(clock - 5 * DAY_MS),
        expiresAt,
      });
    await scanTriggers(db(), scanAt);
    await scanTriggers(db(), later(HOUR_MS));
    const items = await listOf(m);
    expect(items.map((i) => [i.kind, i.subject, i.path])).toEqual([['COUPON_EXPIRING', '10 % off', '/coupon']]);
  });

  it('a rental is announced when its last 24 hours begin: one notification for the episodes ending together', async () => {
    const s = await createSeries(db(), { title: 'Rented Tale', episodes: { count: 3, free: 0 } });
    const m = await newMember();
    const scanAt = later();
    const endsAt = new Date(scanAt.getTime() + DAY_MS - 10 * 60_000);
    for (const e of s.episodes.slice(0, 2)) {
      await grant(db(), { userId: m.id, episodeId: e.id, seriesId: s.id, kind: 'RENT', expiresAt: endsAt });
    }
    // The third was rented and then bought: it does not end.
    const third = s.episodes[2];
    if (!third) throw new Error('no episode');
    await grant(db(), { userId: m.id, episodeId: third.id, seriesId: s.id, kind: 'RENT', expiresAt: endsAt });
    await grant(db(), { userId: m.id, episodeId: third.id, seriesId: s.id, kind: 'POSSESSION' });
    await scanTriggers(db(), scanAt);
    await scanTriggers(db(), scanAt);
    const items = await listOf(m);
    expect(items.map((i) => [i.kind, i.subject, i.number, i.path])).toEqual([
      ['RENTAL_ENDING', 'Rented Tale', 2, `/detail/${s.id}`],
    ]);
  });

  it('a wait-until-free ticket back after its interval is announced once; a ticket used again since is not', async () => {
    const s = await createSeries(db(), {
      title: 'Free Waits',
      freetimeIntervalHours: 24,
      episodes: { count: 3, free: 0, freetime: true },
    });
    const m = await newMember();
    const scanAt = later();
    const [first] = s.episodes;
    if (!first) throw new Error('no episode');
    const use = (who: Member, seq: number, usedAt: Date) =>
      db()
        .insert(freetimeUses)
        .values({
          userId: who.id,
          seriesId: s.id,
          episodeId: first.id,
          brandId: BRAND,
          seq,
          idempotencyKey: randomUUID(),
          usedAt,
          expiresAt: new Date(usedAt.getTime() + 3 * DAY_MS),
        });
    await use(m, 1, new Date(scanAt.getTime() - DAY_MS - 20 * 60_000));
    const again = await newMember();
    await use(again, 1, new Date(scanAt.getTime() - DAY_MS - 20 * 60_000));
    await use(again, 2, new Date(scanAt.getTime() - 10 * 60_000));
    await scanTriggers(db(), scanAt);
    await scanTriggers(db(), scanAt);
    expect((await listOf(m)).map((i) => [i.kind, i.subject, i.path])).toEqual([
      ['FREETIME_READY', 'Free Waits', `/detail/${s.id}`],
    ]);
    expect(await listOf(again)).toEqual([]);
  });
});

describe('reading and marking', () => {
  it('marks one read, then all; the unread count follows', async () => {
    const m = await newMember();
    await answeredRequest(m, 'First');
    await answeredRequest(m, 'Second');
    await answeredRequest(m, 'Third');
    expect(await unreadOf(m)).toBe(3);
    const [newest] = await listOf(m);
    expect((await data(api('PUT', '/notifications/read', m, { ids: [newest?.id] }))).unread).toBe(2);
    expect((await listOf(m)).map((i) => [i.subject, i.readAt !== null])).toEqual([
      ['Third', true],
      ['Second', false],
      ['First', false],
    ]);
    expect((await data(api('PUT', '/notifications/read', m, { all: true }))).unread).toBe(0);
    expect(await unreadOf(m)).toBe(0);
  });

  it('another member’s ids are NOT_EXIST, as ids that do not exist, and nothing is marked', async () => {
    const owner = await newMember();
    const stranger = await newMember();
    await answeredRequest(owner);
    const [item] = await listOf(owner);
    const mine = await newMember();
    await answeredRequest(mine);
    const [own] = await listOf(mine);
    expect(await failure(api('PUT', '/notifications/read', stranger, { ids: [item?.id] }))).toEqual([404, 'NOT_EXIST']);
    expect(await failure(api('PUT', '/notifications/read', mine, { ids: [own?.id, item?.id] }))).toEqual([
      404,
      'NOT_EXIST',
    ]);
    expect(await failure(api('PUT', '/notifications/read', stranger, { ids: [2_000_000_000] }))).toEqual([
      404,
      'NOT_EXIST',
    ]);
    expect(await unreadOf(owner)).toBe(1);
    expect(await unreadOf(mine)).toBe(1);
    expect(await listOf(stranger)).toEqual([]);
    // "All" is only ever the caller's own.
    await data(api('PUT', '/notifications/read', stranger, { all: true }));
    expect(await unreadOf(owner)).toBe(1);
  });

  it('visitors get NOT_LOGIN_USER', async () => {
    expect(await failure(api('GET', '/notifications'))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(api('GET', '/notifications/count'))).toEqual([401, 'NOT_LOGIN_USER']);
  });

  it('notifications are kept 30 days', async () => {
    const m = await newMember();
    await answeredRequest(m, 'Old');
    await answeredRequest(m, 'Recent');
    const now = new Date();
    await db()
      .update(notifications)
      .set({ createdAt: new Date(now.getTime() - 31 * DAY_MS) })
      .where(eq(notifications.subject, 'Old'));
    // Past 30 days it is neither listed nor counted, even before the job deletes it.
    expect((await listOf(m)).map((i) => i.subject)).toEqual(['Recent']);
    expect(await unreadOf(m)).toBe(1);
    expect(await deleteExpired(db(), now)).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(notifications).where(eq(notifications.userId, m.id));
    expect(left.map((r) => r.subject)).toEqual(['Recent']);
  });
});

describe('pushes', () => {
  // Each test starts with no push waiting from the others.
  beforeEach(async () => {
    await db().update(notifications).set({ pushState: 'SKIPPED' });
  });

  it('the VAPID public key is given to members', async () => {
    expect(await data(api('GET', '/notifications/push/key', await newMember()))).toEqual({
      publicKey: 'test-public-key',
    });
  });

  it('a member who agrees gets the push on each browser, once, with the link and the brand’s texts', async () => {
    const m = await newMember();
    await consent(m, { isAgreePush: true });
    const first = await subscribe(m);
    const second = await subscribe(m);
    await answeredRequest(m, 'Refund please');
    const { sender, sent } = fakeSender();
    const day = new Date('2027-03-10T10:00:00Z'); // 11:00 in Paris
    await sendDuePushes(db(), sender, day);
    await sendDuePushes(db(), sender, day);
    expect(sent.map((s) => s.target.endpoint).sort()).toEqual([first, second].sort());
    expect(sent[0]?.payload).toMatchObject({
      title: 'Delitoon BL',
      body: 'Votre demande « Refund please » a reçu une réponse',
      path: '/qna',
    });
  });

  it('replicas sending at the same moment send each push once', async () => {
    const members = await Promise.all([newMember(), newMember(), newMember()]);
    const endpoints: string[] = [];
    for (const m of members) {
      await consent(m, { isAgreePush: true, isAgreePushNight: true });
      endpoints.push(await subscribe(m));
      await answeredRequest(m);
    }
    const { sender, sent } = fakeSender();
    const now = new Date('2027-03-10T10:00:00Z');
    await Promise.all([sendDuePushes(db(), sender, now), sendDuePushes(db(), sender, now)]);
    expect(sent.map((s) => s.target.endpoint).sort()).toEqual(endpoints.sort());
  });

  it('without consent to the kind, no push is sent, and the notification is still listed', async () => {
    const m = await newMember();
    await consent(m, { isAgreePush: false, isAgreePushContents: true, isAgreePushNight: true });
    await subscribe(m);
    await answeredRequest(m);
    const { sender, sent } = fakeSender();
    await sendDuePushes(db(), sender, new Date('2027-03-10T10:00:00Z'));
    expect(sent).toEqual([]);
    expect(await unreadOf(m)).toBe(1);
    const [row] = await db().select().from(notifications).where(eq(notifications.userId, m.id));
    expect(row?.pushState).toBe('SKIPPED');
  });

  it('at night without night consent the push waits until 04:00 in the brand’s zone (Taipei), then goes', async () => {
    const m = await newMember(TAIPEI_BRAND);
    await consent(m, { isAgreePush: true, isAgreePushNight: false });
    await subscribe(m, undefined, TAIPEI_BRAND);
    const [row] = await db()
      .insert(notifications)
      .values({
        brandId: TAIPEI_BRAND,
        userId: m.id,
        kind: 'GIFT_RECEIVED',
        dedupeKey: 'night-1',
        subject: '禮物',
        pushAt: new Date('2026-03-10T14:30:00Z'),
      })
      .returning();
    const { sender, sent } = fakeSender();
    // 23:00 in Taipei (UTC+8): night.
    await sendDuePushes(db(), sender, new Date('2026-03-10T15:00:00Z'));
    expect(sent).toEqual([]);
    const [deferred] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.id, row?.id ?? 0));
    expect([deferred?.pushState, deferred?.pushAt.toISOString()]).toEqual(['PENDING', '2026-03-10T20:00:00.000Z']);
    // 03:59 in Taipei: still waiting; 04:00: sent.
    await sendDuePushes(db(), sender, new Date('2026-03-10T19:59:00Z'));
    expect(sent).toEqual([]);
    await sendDuePushes(db(), sender, new Date('2026-03-10T20:00:00Z'));
    expect(sent.map((s) => s.payload.body)).toEqual(['有一份禮物等您領取：禮物']);
  });

  it('with night consent the push goes at night', async () => {
    const m = await newMember();
    await consent(m, { isAgreePush: true, isAgreePushNight: true });
    await subscribe(m);
    await answeredRequest(m);
    const { sender, sent } = fakeSender();
    await sendDuePushes(db(), sender, new Date('2027-03-10T23:30:00Z')); // 00:30 in Paris
    expect(sent).toHaveLength(1);
  });

  it('a subscription the push service answers 404 or 410 for is deleted; others stay', async () => {
    const m = await newMember();
    await consent(m, { isAgreePush: true, isAgreePushNight: true });
    const gone = await subscribe(m);
    const unknown = await subscribe(m);
    const kept = await subscribe(m);
    await answeredRequest(m);
    // The sender answers GONE for both 404 and 410 (push-sender.ts); a failure keeps the subscription.
    const { sender } = fakeSender({ [gone]: 'GONE', [unknown]: 'GONE', [kept]: 'FAILED' });
    await sendDuePushes(db(), sender, new Date());
    const left = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id));
    expect(left.map((s) => s.endpoint)).toEqual([kept]);
  });

  it('the Web Push sender says GONE when the push service answers 404 or 410, FAILED otherwise', async () => {
    // A stand-in push service on loopback, reached in plain HTTP by an agent (no network, no TLS).
    const answers: Record<string, number> = { '/gone': 410, '/unknown': 404, '/ok': 201, '/busy': 503 };
    const received: { path: string; authorization: string | undefined; encoding: string | undefined }[] = [];
    const server: Server = createServer((req, res) => {
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        encoding: req.headers['content-encoding'],
      });
      req.resume();
      req.on('end', () => res.writeHead(answers[req.url ?? ''] ?? 500).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    class LoopbackAgent extends Agent {
      override createConnection() {
        return connect(port, '127.0.0.1');
      }
    }
    const sender = createWebPushSender(
      { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@balcony.localhost' },
      { warn: () => {} },
      new LoopbackAgent(),
    );
    const ecdh = createECDH('prime256v1');
    const keys = { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const payload = { title: 'T', body: 'B', path: '/qna', tag: 'CONTACT_ANSWER-1' };
    try {
      const outcomes = [];
      for (const path of ['/gone', '/unknown', '/ok', '/busy']) {
        outcomes.push(await sender.send({ endpoint: `https://push.example.com${path}`, keys }, payload));
      }
      expect(outcomes).toEqual(['GONE', 'GONE', 'SENT', 'FAILED']);
      expect(received[0]?.authorization).toMatch(/^vapid t=.+, k=.+/);
      expect(received[0]?.encoding).toBe('aes128gcm');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a member removes this browser’s subscription, and only their own', async () => {
    const m = await newMember();
    const other = await newMember();
    const endpoint = await subscribe(m);
    expect(await data(api('DELETE', '/notifications/push', other, { endpoint }))).toEqual({ subscribed: false });
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    await data(api('DELETE', '/notifications/push', m, { endpoint }));
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
  });

  it('refuses an endpoint that is not https', async () => {
    const m = await newMember();
    expect(
      await failure(
        api('POST', '/notifications/push', m, {
          endpoint: 'http://push.example.com/x',
          keys: { p256dh: 'a', auth: 'b' },
        }),
      ),
    ).toEqual([400, 'INVALID_PARAMETER']);
  });

  it('refuses an endpoint off the push services, so the server never calls a host a member picks', async () => {
    const m = await newMember();
    for (const endpoint of [
      'https://127.0.0.1/x',
      'https://10.0.0.5/x',
      'https://[::1]/x',
      'https://push.example.com.attacker.test/x',
      'https://evilpush.example.com/x',
      'https://push.example.com:8443/x',
      'https://user:pass@push.example.com/x',
      'https://metadata.google.internal/computeMetadata/v1/',
    ]) {
      expect(
        await failure(api('POST', '/notifications/push', m, { endpoint, keys: { p256dh: 'a', auth: 'b' } })),
        endpoint,
      ).toEqual([400, 'INVALID_PARAMETER']);
    }
    // A subdomain of a push service is one of its servers.
    await subscribe(m, `https://eu.push.example.com/${randomUUID()}`);
  });
});
