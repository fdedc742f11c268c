import {
  AppError,
  type AppPushToken,
  type ClientPlatform,
  COUPON_EXPIRY_NOTICE_MS,
  DAY_MS,
  getBrand,
  HOUR_MS,
  type MarkNotificationsRead,
  MINUTE_MS,
  NOTIFICATION_KEEP_DAYS,
  type Notification,
  type NotificationCount,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPage,
  notificationPath,
  PUSH_KIND_OF,
  pushTime,
  RENTAL_END_NOTICE_MS,
  type WebPushState,
  type WebPushSubscription,
} from '@balcony/contracts';
import { type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import type { Db } from '../../db/client.js';
import { rentalsEndingBetween } from '../access/service.js';
import { discountsExpiringBetween } from '../coupons/service.js';
import { ticketsBackBetween } from '../freetime/service.js';
import { followersOfEpisodesPublished } from '../library/service.js';
import * as users from '../users/service.js';
import type { AppPushSenders, AppPushService } from './app-push-sender.js';
import type { PushSender } from './push-sender.js';
import { pushText } from './push-texts.js';
import * as repo from './repo.js';

// A member's notifications (issue 13 item 6; decisions 0205–0212). Other modules call `notify`
// inside their own transaction (an answered request, a gift sent); the scan job finds the rest
// through the owning modules' read functions (new episodes of favourites, coupons and rentals
// about to end, tickets back). Every notification is unique per member, kind and key, so each
// trigger and scan may run twice. Pushes are sent by a job, never in the request.

/** What another module tells a member. */
export interface NotificationInput {
  userId: number;
  kind: NotificationKind;
  /** With the member and kind, what makes it one notification (a request id, a gift id…). */
  dedupeKey: string;
  subject: string;
  seriesId?: number | null;
  episodeId?: number | null;
  number?: number | null;
  endsAt?: Date | null;
}

const keepSince = (now: Date) => new Date(now.getTime() - NOTIFICATION_KEEP_DAYS * DAY_MS);

function newRow(brandId: string, now: Date, input: NotificationInput): repo.NewNotification {
  return {
    brandId,
    userId: input.userId,
    kind: input.kind,
    dedupeKey: input.dedupeKey,
    subject: input.subject,
    seriesId: input.seriesId ?? null,
    episodeId: input.episodeId ?? null,
    number: input.number ?? null,
    endsAt: input.endsAt ?? null,
    createdAt: now,
    pushAt: now,
  };
}

/** Adds notifications for members of the context's brand, once each; the push follows by the job. */
export async function notify(ctx: ServiceContext, inputs: readonly NotificationInput[]): Promise<void> {
  await repo.insertNew(
    ctx.db,
    inputs.map((input) => newRow(ctx.brand.id, ctx.now, input)),
  );
}

function view(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    number: row.number,
    endsAt: row.endsAt?.toISOString() ?? null,
    path: notificationPath(row.kind, row),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** GET /notifications: the member's notifications of the last 30 days, newest first. */
export async function list(ctx: MemberContext, query: NotificationListQuery): Promise<NotificationPage> {
  const since = keepSince(ctx.now);
  const [{ rows, total }, unread] = await Promise.all([
    repo.listOfMember(ctx.db, ctx.user.id, since, { offset: (query.page - 1) * query.size, limit: query.size }),
    repo.countUnread(ctx.db, ctx.user.id, since),
  ]);
  return { items: rows.map(view), page: query.page, size: query.size, total, unread };
}

/** GET /notifications/count: the header's number. */
export async function unreadCount(ctx: MemberContext): Promise<NotificationCount> {
  return { unread: await repo.countUnread(ctx.db, ctx.user.id, keepSince(ctx.now)) };
}

/**
 * PUT /notifications/read: these of the member's notifications, or all. An id that is not theirs
 * (another member's, or none) is NOT_EXIST, as one that does not exist, and nothing is marked.
 */
export async function markRead(ctx: MemberContext, input: MarkNotificationsRead): Promise<NotificationCount> {
  return withTransaction(ctx, async (tx) => {
    if ('ids' in input) {
      const ids = [...new Set(input.ids)];
      if ((await repo.countOwned(tx.db, tx.user.id, ids)) !== ids.length) throw new AppError('NOT_EXIST');
      await repo.markRead(tx.db, tx.user.id, ids, tx.now);
    } else {
      await repo.markRead(tx.db, tx.user.id, null, tx.now);
    }
    return unreadCount(tx);
  });
}

/**
 * Whether `endpoint` is on one of the push services (host names or their subdomains, port 443):
 * the server POSTs to every registered endpoint, so any other address would let a member make it
 * call hosts of their choosing, internal ones included (decision 0224).
 */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/**
 * A withdrawn member's notifications and browsers go with their account: nothing more is pushed
 * to a browser someone else may use now, and what they read is not kept.
 */
export async function forgetMember(ctx: ServiceContext, userId: number): Promise<void> {
  await repo.deleteMemberData(ctx.db, userId);
}

/** POST /notifications/push: this browser now receives the member's pushes. */
export async function subscribe(
  ctx: MemberContext,
  input: WebPushSubscription,
  pushServiceHosts: readonly string[],
): Promise<WebPushState> {
  if (!isPushServiceEndpoint(input.endpoint, pushServiceHosts)) {
    throw new AppError('INVALID_PARAMETER', { field: 'endpoint', reason: 'push service' });
  }
  await repo.saveSubscription(ctx.db, {
    userId: ctx.user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    createdAt: ctx.now,
  });
  return { subscribed: true };
}

/** DELETE /notifications/push: this browser no longer does (nothing to do when it never did). */
export async function unsubscribe(ctx: MemberContext, endpoint: string): Promise<WebPushState> {
  await repo.deleteSubscription(ctx.db, ctx.user.id, endpoint);
  return { subscribed: false };
}

/** The push service of a native app's platform (decision 0285); the web has Web Push instead. */
function appPushService(platform: ClientPlatform): AppPushService {
  if (platform === 'AND_PLAY' || platform === 'AND_PLUS') return 'FCM';
  if (platform === 'IOS_APP') return 'APNS';
  throw new AppError('INVALID_PARAMETER', { field: 'platform', reason: 'native app' });
}

/** POST /notifications/app-push: this app (its platform says FCM or APNs) now receives the member's pushes. */
export async function registerAppToken(ctx: MemberContext, input: AppPushToken): Promise<WebPushState> {
  await repo.saveAppToken(ctx.db, {
    userId: ctx.user.id,
    service: appPushService(ctx.platform),
    token: input.token,
    createdAt: ctx.now,
  });
  return { subscribed: true };
}

/** DELETE /notifications/app-push: this app no longer does (its logout); another member's token stays. */
export async function deleteAppToken(ctx: MemberContext, input: AppPushToken): Promise<WebPushState> {
  await repo.deleteAppToken(ctx.db, ctx.user.id, appPushService(ctx.platform), input.token);
  return { subscribed: false };
}

// ——— jobs ———

/** How far back a scan looks the first time, or after the jobs were stopped (decision 0208). */
const SCAN_CATCH_UP_MS = DAY_MS;
const SCAN = 'notification-triggers';

/**
 * The scan job: notifications for what happened since the last scan, at most a day back —
 * episodes published for their series' followers, discounts entering their last 3 days, rentals
 * their last 24 hours, tickets coming back. One replica scans at a time (the cursor's row lock;
 * the others skip), and the unique key makes a repeated span harmless. Answers how many were new.
 */
export function scanTriggers(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const last = await repo.lockScan(tx, SCAN, new Date(now.getTime() - SCAN_CATCH_UP_MS));
    if (last === null) return 0;
    const from = new Date(Math.max(last.getTime(), now.getTime() - SCAN_CATCH_UP_MS));
    if (from >= now) return 0;
    // "Ends within W" begins at end − W: an end in (from + W, now + W] began its last W in this span.
    const ahead = (ms: number) => [new Date(from.getTime() + ms), new Date(now.getTime() + ms)] as const;
    // One connection in the transaction: one query at a time.
    const episodes = await followersOfEpisodesPublished(tx, from, now);
    const coupons = await discountsExpiringBetween(tx, ...ahead(COUPON_EXPIRY_NOTICE_MS));
    const rentals = await rentalsEndingBetween(tx, ...ahead(RENTAL_END_NOTICE_MS));
    const tickets = await ticketsBackBetween(tx, from, now);
    const rows: repo.NewNotification[] = [
      ...episodes.map((e) =>
        newRow(e.brandId, now, {
          userId: e.userId,
          kind: 'NEW_EPISODE',
          dedupeKey: String(e.episodeId),
          subject: e.title,
          seriesId: e.seriesId,
          episodeId: e.episodeId,
          number: e.number,
        }),
      ),
      ...coupons.map((c) =>
        newRow(c.brandId, now, {
          userId: c.userId,
          kind: 'COUPON_EXPIRING',
          dedupeKey: String(c.memberCouponId),
          subject: c.name,
          endsAt: c.expiresAt,
        }),
      ),
      ...rentals.map((r) =>
        newRow(r.brandId, now, {
          userId: r.userId,
          kind: 'RENTAL_ENDING',
          dedupeKey: `${r.seriesId}:${r.expiresAt.toISOString()}`,
          subject: r.title,
          seriesId: r.seriesId,
          number: r.episodes,
          endsAt: r.expiresAt,
        }),
      ),
      ...tickets.map((t) =>
        newRow(t.brandId, now, {
          userId: t.userId,
          kind: 'FREETIME_READY',
          dedupeKey: String(t.useId),
          subject: t.title,
          seriesId: t.seriesId,
        }),
      ),
    ];
    const inserted = await repo.insertNew(tx, rows);
    await repo.saveScan(tx, SCAN, now);
    return inserted;
  });
}

/** A replica that claimed pushes and stopped leaves them to others after this. */
const PUSH_LEASE_MS = 5 * MINUTE_MS;
/** A push that failed on every device is tried again after this, until it is a day old. */
const PUSH_RETRY_MS = 15 * MINUTE_MS;
const PUSH_GIVE_UP_MS = 24 * HOUR_MS;
const PUSH_BATCH = 100;

type Settlement = Parameters<typeof repo.settlePush>[2];

async function pushOne(
  db: Db,
  sender: PushSender,
  now: Date,
  row: repo.NotificationRow,
  member: Awaited<ReturnType<typeof users.pushSettingsOf>>[number] | undefined,
  subscriptions: readonly repo.SubscriptionRow[],
  apps: { senders: AppPushSenders; tokens: readonly repo.AppTokenRow[] },
): Promise<Settlement> {
  const brand = getBrand(row.brandId);
  if (!brand || member?.status !== 'ACTIVE') return { state: 'SKIPPED' };
  // Consent and the night are judged when the push would go, with the member's settings then.
  const at = pushTime(member, PUSH_KIND_OF[row.kind], now, brand.timeZone);
  if (at === null) return { state: 'SKIPPED' };
  if (at > now) return { state: 'PENDING', pushAt: at };
  // An app's token counts when its service has a sender and the app's switch (isAppPush) is on.
  const tokens = member.isAppPush ? apps.tokens.filter((t) => apps.senders[t.service]) : [];
  if (subscriptions.length === 0 && tokens.length === 0) return { state: 'SKIPPED' };
  const payload = {
    title: brand.product,
    body: pushText(brand.locale, row.kind, row),
    path: notificationPath(row.kind, row),
    tag: `${row.kind}-${row.id}`,
  };
  let sent = false;
  let failed = false;
  for (const subscription of subscriptions) {
    const outcome = await sender.send(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
    );
    if (outcome === 'GONE') await repo.deleteSubscriptionById(db, subscription.id);
    sent ||= outcome === 'SENT';
    failed ||= outcome === 'FAILED';
  }
  for (const token of tokens) {
    const appSender = apps.senders[token.service];
    if (!appSender) continue;
    const outcome = await appSender.send(token.token, payload);
    if (outcome === 'GONE') await repo.deleteAppTokenById(db, token.id);
    sent ||= outcome === 'SENT';
    failed ||= outcome === 'FAILED';
  }
  if (sent || !failed || now.getTime() - row.createdAt.getTime() > PUSH_GIVE_UP_MS) {
    return { state: sent ? 'SENT' : 'SKIPPED' };
  }
  return { state: 'PENDING', pushAt: new Date(now.getTime() + PUSH_RETRY_MS) };
}

/** How many pushes wait for the send job (the queue depth of /metrics). */
export function pushBacklog(db: Db, now: Date): Promise<number> {
  return repo.countDuePushes(db, now);
}

/**
 * The push job: claims the pushes due (each by one replica; decision 0209), and for each sends
 * it to the member's browsers when they agree to its kind, defers it to the end of the night in
 * the brand's zone when it is night and they have not agreed to night pushes, or skips it (the
 * notification stays in their list). Their native apps get it too when an app sender is
 * configured for their service (decision 0286). A subscription or app token the push service no
 * longer knows is deleted.
 * Answers how many were settled.
 */
export async function sendDuePushes(
  db: Db,
  sender: PushSender,
  now: Date,
  appSenders: AppPushSenders = {},
): Promise<number> {
  let settled = 0;
  for (;;) {
    const claimed = await repo.claimDuePushes(db, now, PUSH_LEASE_MS, PUSH_BATCH);
    const memberIds = [...new Set(claimed.map((r) => r.userId))];
    const [members, subscriptions, appTokens] = await Promise.all([
      users.pushSettingsOf(db, memberIds),
      repo.subscriptionsOf(db, memberIds),
      repo.appTokensOf(db, memberIds),
    ]);
    for (const row of claimed) {
      const member = members.find((m) => m.id === row.userId);
      const theirs = subscriptions.filter((s) => s.userId === row.userId);
      const tokens = appTokens.filter((t) => t.userId === row.userId);
      await repo.settlePush(
        db,
        row.id,
        await pushOne(db, sender, now, row, member, theirs, { senders: appSenders, tokens }),
      );
    }
    settled += claimed.length;
    if (claimed.length < PUSH_BATCH) return settled;
  }
}

/** The retention job (spec §9: kept 30 days): deletes older notifications in batches. */
export async function deleteExpired(db: Db, now: Date, batch = 1000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const done = await repo.deleteOlderThan(db, keepSince(now), batch);
    deleted += done;
    if (done < batch) return deleted;
  }
}
