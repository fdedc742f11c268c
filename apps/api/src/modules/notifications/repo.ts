import { and, count, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appPushTokens, notificationScans, notifications, pushSubscriptions } from '../../db/schema.js';

// Queries of `notifications`, `push_subscriptions` and `notification_scans`, which this module
// alone writes. `db` may be an open transaction.

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'pushState'>;
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type AppTokenRow = typeof appPushTokens.$inferSelect;

/** Rows per INSERT: a new episode of a popular series may have many followers. */
const INSERT_BATCH = 1000;

/** Inserts the notifications not already there (same member, kind and key); answers how many were new. */
export async function insertNew(db: Db, rows: readonly NewNotification[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const done = await db
      .insert(notifications)
      .values(rows.slice(i, i + INSERT_BATCH))
      .onConflictDoNothing({ target: [notifications.userId, notifications.kind, notifications.dedupeKey] })
      .returning({ id: notifications.id });
    inserted += done.length;
  }
  return inserted;
}

export async function listOfMember(db: Db, userId: number, since: Date, page: { offset: number; limit: number }) {
  const mine = and(eq(notifications.userId, userId), sql`${notifications.createdAt} > ${since}`);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(notifications).where(mine),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countUnread(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), isNull(notifications.readAt), sql`${notifications.createdAt} > ${since}`),
    );
  return row?.n ?? 0;
}

/** How many of these ids are the member's notifications (to refuse anyone else's). */
export async function countOwned(db: Db, userId: number, ids: readonly number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids])));
  return row?.n ?? 0;
}

/** Marks the member's unread notifications read: these ids, or all when `ids` is null. */
export async function markRead(db: Db, userId: number, ids: readonly number[] | null, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === null ? undefined : inArray(notifications.id, [...ids]),
      ),
    );
}

/**
 * Claims up to `limit` pushes due at `now` for `leaseMs`: their time moves past the lease in the
 * same statement that picks them, skipping rows another replica holds, so each is sent by one
 * replica; one that stops before finishing leaves them to be claimed again when the lease ends.
 */
export function claimDuePushes(db: Db, now: Date, leaseMs: number, limit: number): Promise<NotificationRow[]> {
  const due = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.pushState, 'PENDING'), lte(notifications.pushAt, now)))
    .orderBy(notifications.pushAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notifications)
    .set({ pushAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(notifications.id, due))
    .returning();
}

/** Pushes due and not yet sent (claimed ones whose lease ran out count again): the send job's backlog. */
export async function countDuePushes(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.pushState, 'PENDING'), lte(notifications.pushAt, now)));
  return row?.n ?? 0;
}

/** The end of a claimed push: SENT or SKIPPED, or PENDING again until `pushAt` (deferred past the night). */
export async function settlePush(
  db: Db,
  id: number,
  outcome: { state: 'SENT' | 'SKIPPED' } | { state: 'PENDING'; pushAt: Date },
): Promise<void> {
  await db
    .update(notifications)
    .set(outcome.state === 'PENDING' ? { pushAt: outcome.pushAt } : { pushState: outcome.state })
    .where(eq(notifications.id, id));
}

/** Deletes up to `limit` notifications created before `before`; answers how many. */
export async function deleteOlderThan(db: Db, before: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(lt(notifications.createdAt, before))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db.delete(notifications).where(inArray(notifications.id, old)).returning({ id: notifications.id });
  return rows.length;
}

// ——— Web Push subscriptions ———

/** Keeps a browser's subscription for the member; an endpoint registered before belongs to them now. */
export async function saveSubscription(
  db: Db,
  row: { userId: number; endpoint: string; p256dh: string; auth: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, createdAt: row.createdAt },
    });
}

export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Every notification, browser subscription and app token of a member (withdrawal). */
export async function deleteMemberData(db: Db, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await db.delete(appPushTokens).where(eq(appPushTokens.userId, userId));
  await db.delete(notifications).where(eq(notifications.userId, userId));
}

export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export function subscriptionsOf(db: Db, userIds: readonly number[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
}

// ——— the native apps' push tokens ———

/** Keeps an app's token for the member; a token registered before belongs to them now. */
export async function saveAppToken(
  db: Db,
  row: { userId: number; service: AppTokenRow['service']; token: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(appPushTokens)
    .values(row)
    .onConflictDoUpdate({
      target: [appPushTokens.service, appPushTokens.token],
      set: { userId: row.userId, createdAt: row.createdAt },
    });
}

/** Deletes the member's own token (another member's stays). */
export async function deleteAppToken(db: Db, userId: number, service: AppTokenRow['service'], token: string) {
  await db
    .delete(appPushTokens)
    .where(and(eq(appPushTokens.userId, userId), eq(appPushTokens.service, service), eq(appPushTokens.token, token)));
}

export async function deleteAppTokenById(db: Db, id: number): Promise<void> {
  await db.delete(appPushTokens).where(eq(appPushTokens.id, id));
}

export function appTokensOf(db: Db, userIds: readonly number[]): Promise<AppTokenRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(appPushTokens)
    .where(inArray(appPushTokens.userId, [...userIds]));
}

// ——— scans ———

/**
 * Locks the scan's cursor (made at `start` the first time) and answers up to when it looked, or
 * null when another replica holds it (that one is scanning the same span).
 */
export async function lockScan(db: Db, name: string, start: Date): Promise<Date | null> {
  await db.insert(notificationScans).values({ name, scannedUntil: start }).onConflictDoNothing();
  const [row] = await db
    .select({ scannedUntil: notificationScans.scannedUntil })
    .from(notificationScans)
    .where(eq(notificationScans.name, name))
    .for('update', { skipLocked: true });
  return row?.scannedUntil ?? null;
}

export async function saveScan(db: Db, name: string, scannedUntil: Date): Promise<void> {
  await db.update(notificationScans).set({ scannedUntil }).where(eq(notificationScans.name, name));
}
