import {
  AppError,
  CoinType,
  DAY_MS,
  GIFT_LIST_MAX,
  GIFT_PAST_DAYS,
  GIFT_SEGMENT_MAX,
  type Gift,
  type GiftBox,
  type GiftCount,
  type GiftsReceived,
  RENTAL_MS,
  type SendGiftRequest,
  type SendGiftResult,
} from '@balcony/contracts';
import { type AdminContext, type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import type { Db } from '../../db/client.js';
import { grant } from '../access/service.js';
import { recordAction } from '../admin/service.js';
import * as library from '../library/service.js';
import * as notifications from '../notifications/service.js';
import * as users from '../users/service.js';
import * as wallet from '../wallet/service.js';
import * as repo from './repo.js';
import {
  giftCoinValidDays,
  hasAllEpisodes,
  normalizeGiftEmail,
  receivedCoinsExpireAt,
  refusalToReceive,
} from './rules.js';

// The gift box (spec §2 /gift, §8 gift codes; docs/decisions/0161-gift-box.md). A gift is an
// offer kept in `gifts` until its member receives it: only then do its coins enter the ledger
// (wallet.credit, keyed `gift:{id}`) or its episodes the member's ownerships, in the transaction
// that marks it received. Its row is locked first, so two tabs receiving it grant it once.

function toGift(row: repo.GiftView, now: Date): Gift {
  // A waiting gift past its time is expired even before the job writes its entry.
  const lapsed = row.status === 'WAITING' && row.expiresAt <= now;
  return {
    id: row.id,
    targetType: row.targetType,
    kind: row.kind,
    title: row.title,
    message: row.message,
    coins:
      row.kind === 'COIN' && row.coinType && row.coinAmount !== null
        ? { type: row.coinType, amount: row.coinAmount, validDays: row.coinValidDays }
        : null,
    episodes:
      row.kind !== 'COIN' && row.seriesId !== null
        ? {
            seriesId: row.seriesId,
            seriesTitle: row.seriesTitle ?? '',
            episodeIds: row.episodeIds ?? [],
            episodeNumbers: row.episodeNumbers ?? [],
          }
        : null,
    status: lapsed ? 'EXPIRED' : row.status,
    expiresAt: row.expiresAt.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    expiredAt: (row.expiredAt ?? (lapsed ? row.expiresAt : null))?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /gift: the member's box. */
export async function box(ctx: MemberContext): Promise<GiftBox> {
  const since = new Date(ctx.now.getTime() - GIFT_PAST_DAYS * DAY_MS);
  const [waiting, past, waitingCount] = await Promise.all([
    repo.listWaiting(ctx.db, ctx.user.id, ctx.now, GIFT_LIST_MAX),
    repo.listPast(ctx.db, ctx.user.id, ctx.now, since, GIFT_LIST_MAX),
    repo.countWaiting(ctx.db, ctx.user.id, ctx.now),
  ]);
  return {
    waiting: waiting.map((g) => toGift(g, ctx.now)),
    past: past.map((g) => toGift(g, ctx.now)),
    waitingCount,
  };
}

/** GET /gift/count: what the header shows. */
export async function waitingCount(ctx: MemberContext): Promise<GiftCount> {
  return { count: await repo.countWaiting(ctx.db, ctx.user.id, ctx.now) };
}

/**
 * Gives the member what one locked, receivable gift holds: the coins as a lot of the wallet, or
 * the episodes as ownerships (RENT for 72 hours, or POSSESSION). NOT_FOUND_GIFT_INFO, before
 * anything is written, when its episodes are no longer published in the brand.
 */
async function give(tx: MemberContext, gift: repo.GiftView): Promise<void> {
  if (gift.kind === 'COIN') {
    if (!gift.coinType || gift.coinAmount === null) throw new AppError('NOT_FOUND_GIFT_INFO', { giftId: gift.id });
    await wallet.credit(tx, {
      userId: tx.user.id,
      ledger: gift.coinType,
      amount: gift.coinAmount,
      source: 'REWARD',
      from: 'PROMOTION',
      key: `gift:${gift.id}`,
      type: 'CHARGE',
      title: 'RECEIVE_GIFT',
      expiresAt: receivedCoinsExpireAt(tx.now, gift.coinValidDays),
      note: gift.title,
    });
    return;
  }
  const wanted = gift.episodeIds ?? [];
  const seriesId = gift.seriesId;
  const found = seriesId === null ? [] : await repo.episodesInBrand(tx.db, gift.brandId, seriesId, wanted, tx.now);
  if (seriesId === null || !hasAllEpisodes(wanted, found)) {
    throw new AppError('NOT_FOUND_GIFT_INFO', { giftId: gift.id });
  }
  const rent = gift.kind === 'RENT_GIFT';
  await grant(
    tx,
    found.map((e) => ({
      userId: tx.user.id,
      episodeId: e.id,
      seriesId,
      kind: rent ? 'RENT' : 'POSSESSION',
      expiresAt: rent ? new Date(tx.now.getTime() + RENTAL_MS) : null,
      source: gift.kind,
      orderRef: `gift:${gift.id}`,
    })),
  );
}

async function answer(
  tx: MemberContext,
  received: readonly number[],
  failed: GiftsReceived['failed'],
): Promise<GiftsReceived> {
  // One connection inside the transaction: one query at a time.
  const rows: (repo.GiftView | null)[] = [];
  for (const id of received) rows.push(await repo.lockGift(tx.db, tx.brand.id, id));
  const balance = await wallet.balance(tx);
  const count = await repo.countWaiting(tx.db, tx.user.id, tx.now);
  return {
    received: rows.filter((r): r is repo.GiftView => r !== null).map((r) => toGift(r, tx.now)),
    failed,
    balance,
    waitingCount: count,
  };
}

/** POST /gift/{id}/receive. */
export function receive(ctx: MemberContext, giftId: number): Promise<GiftsReceived> {
  return withTransaction(ctx, async (tx) => {
    const gift = await repo.lockGift(tx.db, tx.brand.id, giftId);
    if (!gift) throw new AppError('NOT_FOUND_GIFT');
    const refused = refusalToReceive(gift, tx.user.id, tx.now);
    if (refused) throw new AppError(refused);
    await give(tx, gift);
    await repo.markReceived(tx.db, gift.id, tx.now);
    return answer(tx, [gift.id], []);
  });
}

/**
 * POST /gift/receive-all: every gift waiting for the member, in one transaction. A gift whose
 * episodes are gone stays waiting and is listed as failed; NOT_FOUND_GIFT when none was waiting.
 */
export function receiveAll(ctx: MemberContext): Promise<GiftsReceived> {
  return withTransaction(ctx, async (tx) => {
    const waiting = await repo.lockWaiting(tx.db, tx.user.id, tx.now);
    if (waiting.length === 0) throw new AppError('NOT_FOUND_GIFT');
    const received: number[] = [];
    const failed: GiftsReceived['failed'] = [];
    // Coins go in one ledger order, so two members receiving at once never take the operator's
    // accounts of two coin types in opposite orders (a deadlock); episode gifts take none.
    const ledgerRank = (gift: repo.GiftView) => (gift.coinType ? CoinType.options.indexOf(gift.coinType) : -1);
    for (const gift of [...waiting].sort((a, b) => ledgerRank(a) - ledgerRank(b))) {
      try {
        await give(tx, gift);
      } catch (error) {
        // `give` refuses before it writes anything, so the other gifts still go through.
        if (!(error instanceof AppError) || error.code !== 'NOT_FOUND_GIFT_INFO') throw error;
        failed.push({ id: gift.id, code: 'NOT_FOUND_GIFT_INFO' });
        continue;
      }
      await repo.markReceived(tx.db, gift.id, tx.now);
      received.push(gift.id);
    }
    return answer(tx, received, failed);
  });
}

// ——— sending (called by the admin module, which checks the admin and writes the audit row) ———

type ResolvedTarget = { targetType: 'USER' | 'MAIL'; userId: number | null; email: string | null };

/**
 * Whom a target names: a member of the brand who has not withdrawn (NOT_FOUND_USER otherwise), an
 * address, or the members of a segment (INVALID_PARAMETER past GIFT_SEGMENT_MAX, so nobody gets
 * a campaign cut short without the admin knowing).
 */
async function resolveTarget(
  ctx: ServiceContext,
  target: SendGiftRequest['targets'][number],
): Promise<ResolvedTarget[]> {
  if (target.type === 'USER') {
    const member = await users.findById(ctx, target.userId);
    if (!member || member.brandId !== ctx.brand.id || member.status !== 'ACTIVE') {
      throw new AppError('NOT_FOUND_USER', { userId: target.userId });
    }
    return [{ targetType: 'USER', userId: member.id, email: null }];
  }
  if (target.type === 'SEGMENT') {
    const members = await library.followersOfSeries(ctx, target.seriesId, GIFT_SEGMENT_MAX + 1);
    if (members.length > GIFT_SEGMENT_MAX) {
      throw new AppError('INVALID_PARAMETER', {
        field: 'targets',
        reason: `the segment holds more than ${GIFT_SEGMENT_MAX} members`,
      });
    }
    return members.map((userId) => ({ targetType: 'USER', userId, email: null }));
  }
  const email = normalizeGiftEmail(target.email);
  if (!/^[^@\s,]+@[^@\s,]+\.[^@\s,]+$/.test(email)) throw new AppError('INVALID_MAIL_FORM');
  // An active account already holds the address: the gift is theirs now; otherwise it waits
  // for the account that confirms this address (attachMailGifts at sign-up).
  const holder = await users.findByEmail(ctx, email);
  return [{ targetType: 'MAIL', userId: holder?.status === 'ACTIVE' ? holder.id : null, email }];
}

/**
 * Sends one gift to every target, inside the caller's transaction. The admin's key makes a retry
 * send nothing and answer the first sending (`applied: false`).
 */
export async function send(ctx: ServiceContext, adminId: number, input: SendGiftRequest): Promise<SendGiftResult> {
  return withTransaction(ctx, async (tx) => {
    const earlier = await repo.findInfoByKey(tx.db, adminId, input.idempotencyKey);
    if (earlier) return sentAnswer(tx.db, earlier, false);
    const { content } = input;
    let contentColumns: Partial<repo.NewGiftInfo>;
    if (content.kind === 'COIN') {
      contentColumns = {
        coinType: content.coinType,
        coinAmount: content.amount,
        coinValidDays: giftCoinValidDays(content.coinType, content.validDays),
      };
    } else {
      const ids = [...new Set(content.episodeIds)];
      const found = await repo.episodesInBrand(tx.db, tx.brand.id, content.seriesId, ids, tx.now);
      if (!hasAllEpisodes(ids, found)) throw new AppError('NOT_FOUND_EPISODE');
      contentColumns = { seriesId: content.seriesId, episodeIds: found.map((e) => e.id) };
    }
    const targets = [];
    const seen = new Set<string>();
    for (const target of input.targets) {
      for (const resolved of await resolveTarget(tx, target)) {
        const key = `${resolved.targetType}:${resolved.userId ?? resolved.email}`;
        if (!seen.has(key)) targets.push(resolved);
        seen.add(key);
      }
    }
    if (targets.length === 0) {
      throw new AppError('INVALID_PARAMETER', { field: 'targets', reason: 'nobody is in this segment' });
    }
    const expiresAt = new Date(tx.now.getTime() + input.validDays * DAY_MS);
    const info = await repo.insertInfoUnlessKeyUsed(tx.db, {
      brandId: tx.brand.id,
      kind: content.kind,
      title: input.title,
      message: input.message || null,
      ...contentColumns,
      expiresAt,
      createdBy: adminId,
      idempotencyKey: input.idempotencyKey,
    });
    if (!info) {
      // The same key sent at the same moment: the other transaction made it; answer that one.
      const raced = await repo.findInfoByKey(tx.db, adminId, input.idempotencyKey);
      if (!raced) throw new Error('gift sending vanished under its key');
      return sentAnswer(tx.db, raced, false);
    }
    await repo.insertGifts(
      tx.db,
      targets.map((t) => ({ infoId: info.id, brandId: tx.brand.id, ...t, expiresAt })),
    );
    const sent = await sentAnswer(tx.db, info, true);
    // Members who hold their gift now hear of it; a MAIL gift waiting for its account, when attached.
    await notifications.notify(
      tx,
      sent.gifts.flatMap((g) => (g.userId === null ? [] : [giftNotification(g.userId, g.id, input.title)])),
    );
    return sent;
  });
}

/**
 * POST /admin/gifts: an admin of the brand sends a gift, audited in the same transaction (one
 * row per gift, so the audit log of a member lists the gifts sent to them).
 */
export function sendAsAdmin(ctx: AdminContext, input: SendGiftRequest): Promise<SendGiftResult> {
  return withTransaction(ctx, async (tx) => {
    const result = await send(tx, tx.admin.id, input);
    const base = { kind: input.content.kind, title: input.title, idempotencyKey: input.idempotencyKey };
    if (!result.applied) {
      await recordAction(tx, {
        action: 'GIFT_SEND',
        targetType: 'gift',
        targetId: null,
        details: { ...base, applied: false },
      });
      return result;
    }
    for (const gift of result.gifts) {
      await recordAction(tx, {
        action: 'GIFT_SEND',
        targetType: 'gift',
        targetId: gift.id,
        targetUserId: gift.userId,
        details: {
          ...base,
          applied: true,
          recipient: gift.targetType,
          ...(gift.email && { email: gift.email }),
          content: input.content,
          expiresAt: result.expiresAt,
        },
      });
    }
    return result;
  });
}

async function sentAnswer(db: Db, info: repo.GiftInfoRow, applied: boolean): Promise<SendGiftResult> {
  return { gifts: await repo.giftsOfInfo(db, info.id), expiresAt: info.expiresAt.toISOString(), applied };
}

/**
 * The sign-up path: the account that has just confirmed `email` receives the MAIL gifts waiting
 * for that address in its brand (inside the caller's transaction). Answers how many.
 */
export async function attachMailGifts(
  ctx: ServiceContext,
  user: { id: number; brandId: string; email: string | null },
): Promise<number> {
  if (!user.email) return 0;
  const attached = await repo.attachMailGifts(ctx.db, user.brandId, normalizeGiftEmail(user.email), user.id);
  if (attached > 0) {
    // A new account's waiting gifts are those just attached (a notification per gift, once).
    const waiting = await repo.listWaiting(ctx.db, user.id, ctx.now, GIFT_LIST_MAX);
    await notifications.notify(
      ctx,
      waiting.map((g) => giftNotification(user.id, g.id, g.title)),
    );
  }
  return attached;
}

function giftNotification(userId: number, giftId: number, title: string): notifications.NotificationInput {
  return { userId, kind: 'GIFT_RECEIVED', dedupeKey: String(giftId), subject: title };
}

/**
 * The expiry job: writes the EXPIRE entry of every gift not received in time, in batches. Gifts
 * hold no coins until received, so no ledger movement goes with it (decision 0162). Idempotent
 * and safe on several replicas at once.
 */
export async function expireDue(db: Db, now: Date, batch = 500): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await repo.expireDue(db, now, batch);
    expired += done;
    if (done < batch) return expired;
  }
}
