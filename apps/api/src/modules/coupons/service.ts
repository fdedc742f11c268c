import {
  type AddCouponCodesRequest,
  type AdminCoupon,
  type AdminCouponPage,
  AppError,
  type CouponListQuery,
  type CouponPage,
  type CouponWithCodes,
  type CreateCouponRequest,
  discountOf,
  type MemberCoupon,
  RENTAL_MS,
  type RegisterCouponRequest,
  type RegisterCouponResult,
  validateCouponCode,
} from '@balcony/contracts';
import { type AdminContext, type MemberContext, withTransaction } from '../../context.js';
import type { Db } from '../../db/client.js';
import { grant } from '../access/service.js';
import { recordAction } from '../admin/service.js';
import * as wallet from '../wallet/service.js';
import * as repo from './repo.js';
import {
  codeHash,
  coinExpiry,
  discountExpiry,
  exhaustedCode,
  generateCode,
  memberCouponStatus,
  registrationRefusal,
} from './rules.js';

// Coupons (spec §2 /coupon, §8 coupon codes; decisions 0157–0160). A member registers a code and
// gets what its coupon gives in the same transaction: coins through the wallet (source COUPON,
// from the operator's PROMOTION account, keyed by the member's coupon), a rental or possession of
// an episode through the access module, or a discount kept for the shop. Admins create coupons
// (the API and `npm run admin:coupons` call the same functions), each audited.

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toMemberCoupon(row: repo.MemberCouponListRow, now: Date, currency: string): MemberCoupon {
  const c = row.coupon;
  const status = memberCouponStatus({ kind: c.kind, expiresAt: row.expiresAt, holderStatus: row.holderStatus }, now);
  const discount = c.kind === 'DISCOUNT';
  return {
    id: row.id,
    name: c.name,
    kind: c.kind,
    status,
    coinType: c.coinType,
    coins: c.coins,
    discountPercent: c.discountPercent,
    discountAmount: c.discountAmount,
    minimumAmount: discount ? (c.minimumAmount ?? 0) : null,
    currency: discount ? currency : null,
    episode:
      c.episodeId !== null && row.episodeNumber !== null && row.seriesId !== null && row.seriesTitle !== null
        ? { id: c.episodeId, number: row.episodeNumber, seriesId: row.seriesId, seriesTitle: row.seriesTitle }
        : null,
    registeredAt: row.registeredAt.toISOString(),
    expiresAt: discount ? iso(row.expiresAt) : null,
    usedAt: discount ? (row.holderStatus === 'PAID' ? iso(row.holderPaidAt) : null) : iso(row.grantedAt),
    grantExpiresAt: iso(row.grantExpiresAt),
    orderId: discount ? row.holderOrderId : null,
  };
}

/**
 * POST /coupons: registers a code for the member and gives what its coupon gives, once. The
 * checks run in the order that tells a member the most without helping a guesser: an unknown or
 * not yet open code is NOT_FOUND_COUPON, then EXPIRED_COUPON, ALREADY_RECEIVED_COUPON (this member
 * has it), ALREADY_USED_COUPON (a single-use code someone used) or SOLD_OUT_COUPON (a shared code
 * whose uses ran out).
 */
export async function register(ctx: MemberContext, input: RegisterCouponRequest): Promise<RegisterCouponResult> {
  const valid = validateCouponCode(input.code);
  if (!valid.ok) throw new AppError(valid.code);
  const hash = codeHash(input.code);
  const memberCouponId = await withTransaction(ctx, async (tx) => {
    const found = await repo.findCode(tx.db, hash);
    if (!found || found.coupon.brandId !== tx.brand.id) throw new AppError('NOT_FOUND_COUPON');
    const { code, coupon } = found;
    const refused = registrationRefusal(coupon, tx.now);
    if (refused) throw new AppError(refused);
    const mine = await repo.insertMemberCoupon(tx.db, {
      couponId: coupon.id,
      codeId: code.id,
      userId: tx.user.id,
      registeredAt: tx.now,
      expiresAt: coupon.kind === 'DISCOUNT' ? discountExpiry(coupon, tx.now) : null,
    });
    if (!mine) throw new AppError('ALREADY_RECEIVED_COUPON');
    if (!(await repo.takeUse(tx.db, code.id))) throw new AppError(exhaustedCode(code));
    await give(tx, coupon, mine.id);
    return mine.id;
  });
  const row = await repo.findMemberCoupon(ctx.db, ctx.user.id, memberCouponId);
  if (!row) throw new Error('registered coupon vanished');
  return { coupon: toMemberCoupon(row, ctx.now, ctx.brand.currency), balance: await wallet.balance(ctx) };
}

/** Gives what a coupon gives, in the registration's transaction; a discount waits for the shop. */
async function give(tx: MemberContext, coupon: repo.CouponRow, memberCouponId: number): Promise<void> {
  switch (coupon.kind) {
    case 'DISCOUNT':
      return;
    case 'COIN': {
      if (!coupon.coinType || !coupon.coins) throw new Error(`coupon ${coupon.id} gives no coins`);
      const expiresAt = coinExpiry(coupon.coinType, coupon.coinValidDays, tx.now);
      await wallet.credit(tx, {
        userId: tx.user.id,
        ledger: coupon.coinType,
        amount: coupon.coins,
        source: 'COUPON',
        from: 'PROMOTION',
        key: `coupon:${memberCouponId}`,
        type: 'CHARGE',
        title: 'EXCHANGE_COUPON',
        expiresAt,
        note: coupon.name,
      });
      return repo.recordGrant(tx.db, memberCouponId, { grantedAt: tx.now, grantExpiresAt: expiresAt });
    }
    case 'EPISODE_RENT':
    case 'EPISODE_POSSESSION': {
      const episode =
        coupon.episodeId === null ? null : await repo.episodeInBrand(tx.db, coupon.episodeId, tx.brand.id);
      // The episode left the brand's catalog since the coupon was made.
      if (!episode) throw new AppError('NOT_FOUND_COUPON');
      const rent = coupon.kind === 'EPISODE_RENT';
      const expiresAt = rent ? new Date(tx.now.getTime() + RENTAL_MS) : null;
      await grant(tx, [
        {
          userId: tx.user.id,
          episodeId: episode.id,
          seriesId: episode.seriesId,
          kind: rent ? 'RENT' : 'POSSESSION',
          expiresAt,
          source: 'COUPON',
          orderRef: `coupon:${memberCouponId}`,
        },
      ]);
      return repo.recordGrant(tx.db, memberCouponId, { grantedAt: tx.now, grantExpiresAt: expiresAt });
    }
  }
}

/** GET /coupons: one tab of the member's coupons (to use; used or expired), newest first. */
export async function list(ctx: MemberContext, query: CouponListQuery): Promise<CouponPage> {
  const [rows, counts] = await Promise.all([
    repo.listMemberCoupons(ctx.db, ctx.user.id, query.tab, ctx.now, {
      offset: (query.page - 1) * query.size,
      limit: query.size,
    }),
    repo.countMemberCoupons(ctx.db, ctx.user.id, ctx.now),
  ]);
  return {
    items: rows.map((r) => toMemberCoupon(r, ctx.now, ctx.brand.currency)),
    tab: query.tab,
    page: query.page,
    size: query.size,
    total: counts[query.tab],
    counts,
  };
}

/**
 * What one of the member's discount coupons takes off `amount`, with the coupon locked until the
 * caller's transaction (the shop's order) ends, so two orders cannot apply it at once. Whether an
 * order already holds it is the shop's to say (it writes orders). NOT_FOUND_COUPON_USER for a
 * coupon that is not the member's or not a discount, EXPIRED_COUPON past its time,
 * INVALID_MINIMUM_AMOUNT_COUPON below its minimum.
 */
export async function lockDiscount(
  ctx: MemberContext,
  input: { memberCouponId: number; amount: number },
): Promise<{ discount: number }> {
  if (!ctx.inTransaction) throw new Error('coupons.lockDiscount runs inside the order’s transaction');
  const found = await repo.lockMemberCoupon(ctx.db, input.memberCouponId, ctx.user.id);
  if (found?.coupon.kind !== 'DISCOUNT' || found.coupon.brandId !== ctx.brand.id) {
    throw new AppError('NOT_FOUND_COUPON_USER');
  }
  const { memberCoupon, coupon } = found;
  if (memberCoupon.expiresAt && memberCoupon.expiresAt <= ctx.now) throw new AppError('EXPIRED_COUPON');
  const discount = discountOf(
    {
      discountPercent: coupon.discountPercent,
      discountAmount: coupon.discountAmount,
      minimumAmount: coupon.minimumAmount ?? 0,
    },
    input.amount,
  );
  if (discount === null) throw new AppError('INVALID_MINIMUM_AMOUNT_COUPON');
  return { discount };
}

// ——— admin ———

function toAdminCoupon(row: repo.CouponStatsRow): AdminCoupon {
  const c = row.coupon;
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    coinType: c.coinType,
    coins: c.coins,
    coinValidDays: c.coinValidDays,
    discountPercent: c.discountPercent,
    discountAmount: c.discountAmount,
    minimumAmount: c.minimumAmount,
    usableDays: c.usableDays,
    episodeId: c.episodeId,
    startsAt: iso(c.startsAt),
    endsAt: iso(c.endsAt),
    createdBy: c.createdBy,
    createdAt: c.createdAt.toISOString(),
    codeCount: row.codeCount,
    registrations: row.registrations,
    usesLeft: row.usesLeft,
  };
}

async function answerCoupon(ctx: AdminContext, couponId: number, codes: string[]): Promise<CouponWithCodes> {
  const row = await repo.couponWithStats(ctx.db, couponId);
  if (!row) throw new Error('coupon vanished');
  return { coupon: toAdminCoupon(row), codes };
}

/**
 * `count` new single-use codes of a coupon. A generated code that happens to exist already (one
 * chance in 2^80 per pair) is replaced by another, so the batch always has `count` codes.
 */
async function makeBatch(ctx: AdminContext, couponId: number, count: number): Promise<string[]> {
  const made: string[] = [];
  while (made.length < count) {
    const codes = new Map(Array.from({ length: count - made.length }, generateCode).map((c) => [codeHash(c), c]));
    const stored = await repo.insertCodes(
      ctx.db,
      couponId,
      [...codes.keys()].map((h) => ({ codeHash: h, maxUses: 1 })),
    );
    for (const [hash, code] of codes) if (stored.has(hash)) made.push(code);
  }
  return made;
}

/** Why a grant cannot be made as asked, for INVALID_PARAMETER. */
function invalidGrant(reason: string, field = 'grant'): AppError {
  return new AppError('INVALID_PARAMETER', { field, reason });
}

/**
 * POST /admin/coupons: a coupon of the admin's brand and its codes — one shared code (the admin's
 * own, or generated) for up to `maxUses` members, or a batch of single-use codes. The codes are
 * answered this once; only their hashes are kept (decision 0158).
 */
export async function createCoupon(ctx: AdminContext, input: CreateCouponRequest): Promise<CouponWithCodes> {
  const { grant: g } = input;
  if (g.kind === 'COIN' && g.coinType === 'COIN' && g.validDays !== undefined) {
    throw invalidGrant('paid coins (COIN) never expire', 'grant.validDays');
  }
  return withTransaction(ctx, async (tx) => {
    if (g.kind === 'EPISODE_RENT' || g.kind === 'EPISODE_POSSESSION') {
      if (!(await repo.episodeInBrand(tx.db, g.episodeId, tx.brand.id))) {
        throw invalidGrant('no such episode in this brand', 'grant.episodeId');
      }
    }
    const coupon = await repo.insertCoupon(tx.db, {
      brandId: tx.brand.id,
      name: input.name,
      kind: g.kind,
      coinType: g.kind === 'COIN' ? g.coinType : null,
      coins: g.kind === 'COIN' ? g.coins : null,
      coinValidDays: g.kind === 'COIN' ? (g.validDays ?? null) : null,
      discountPercent: g.kind === 'DISCOUNT' ? (g.discountPercent ?? null) : null,
      discountAmount: g.kind === 'DISCOUNT' ? (g.discountAmount ?? null) : null,
      minimumAmount: g.kind === 'DISCOUNT' ? g.minimumAmount : null,
      usableDays: g.kind === 'DISCOUNT' ? (g.usableDays ?? null) : null,
      episodeId: g.kind === 'EPISODE_RENT' || g.kind === 'EPISODE_POSSESSION' ? g.episodeId : null,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      createdBy: tx.admin.id,
    });
    let codes: string[];
    if (input.codes.mode === 'BATCH') {
      codes = await makeBatch(tx, coupon.id, input.codes.count);
    } else {
      const code = input.codes.code ?? generateCode();
      const stored = await repo.insertCodes(tx.db, coupon.id, [
        { codeHash: codeHash(code), maxUses: input.codes.maxUses },
      ]);
      if (stored.size === 0) throw invalidGrant('this code is taken', 'codes.code');
      codes = [code];
    }
    await recordAction(tx, {
      action: 'COUPON_CREATE',
      targetType: 'coupon',
      targetId: coupon.id,
      after: {
        name: coupon.name,
        grant: g,
        codes:
          input.codes.mode === 'BATCH' ? { mode: 'BATCH', count: codes.length } : { ...input.codes, code: undefined },
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
      },
    });
    return answerCoupon(tx, coupon.id, codes);
  });
}

/** POST /admin/coupons/{id}/codes: another batch of single-use codes for a coupon of the brand. */
export async function addCodes(
  ctx: AdminContext,
  couponId: number,
  input: AddCouponCodesRequest,
): Promise<CouponWithCodes> {
  return withTransaction(ctx, async (tx) => {
    const coupon = await repo.findCoupon(tx.db, tx.brand.id, couponId);
    if (!coupon) throw new AppError('NOT_FOUND_COUPON');
    const codes = await makeBatch(tx, coupon.id, input.count);
    await recordAction(tx, {
      action: 'COUPON_CODES',
      targetType: 'coupon',
      targetId: coupon.id,
      details: { name: coupon.name, count: codes.length },
    });
    return answerCoupon(tx, coupon.id, codes);
  });
}

/** GET /admin/coupons: the brand's coupons, newest first, with their counts. */
export async function adminList(ctx: AdminContext, query: { page: number; size: number }): Promise<AdminCouponPage> {
  const { rows, total } = await repo.listCoupons(ctx.db, ctx.brand.id, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  return { items: rows.map(toAdminCoupon), page: query.page, size: query.size, total };
}

/** Unused discounts whose time ends in (from, to], for the notifications' scan (issue 13 item 6). */
export const discountsExpiringBetween = (db: Db, from: Date, to: Date) => repo.discountsExpiringBetween(db, from, to);
