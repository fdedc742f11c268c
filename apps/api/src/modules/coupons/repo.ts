import type { CouponTab, MemberCouponStatus, OrderStatus } from '@balcony/contracts';
import { and, count, desc, eq, gt, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { couponCodes, coupons, couponUsers, episodes, series, seriesBrands } from '../../db/schema.js';

// Queries of the coupon tables, which this module alone writes (coupons, coupon_codes,
// coupon_users). A discount's use is read from the shop's orders (the order that holds it), never
// written here: the shop records which coupon an order applied. `db` may be an open transaction.

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export type CodeRow = typeof couponCodes.$inferSelect;
export type MemberCouponRow = typeof couponUsers.$inferSelect;

export async function insertCoupon(db: Db, values: NewCoupon): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  if (!row) throw new Error('coupon not inserted');
  return row;
}

/** Rows per INSERT of codes (3 parameters each, far below PostgreSQL's 65535). */
const CODES_PER_INSERT = 1000;

/** Stores codes by hash; answers the hashes stored (one already taken is skipped). */
export async function insertCodes(
  db: Db,
  couponId: number,
  codes: readonly { codeHash: string; maxUses: number | null }[],
): Promise<Set<string>> {
  const stored = new Set<string>();
  for (let i = 0; i < codes.length; i += CODES_PER_INSERT) {
    const rows = await db
      .insert(couponCodes)
      .values(codes.slice(i, i + CODES_PER_INSERT).map((c) => ({ couponId, ...c })))
      .onConflictDoNothing({ target: couponCodes.codeHash })
      .returning({ codeHash: couponCodes.codeHash });
    for (const r of rows) stored.add(r.codeHash);
  }
  return stored;
}

export async function findCoupon(db: Db, brandId: string, couponId: number): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), eq(coupons.brandId, brandId)));
  return row ?? null;
}

/** The code with this hash and its coupon: one lookup on the unique index. */
export async function findCode(db: Db, codeHash: string): Promise<{ code: CodeRow; coupon: CouponRow } | null> {
  const [row] = await db
    .select({ code: couponCodes, coupon: coupons })
    .from(couponCodes)
    .innerJoin(coupons, eq(coupons.id, couponCodes.couponId))
    .where(eq(couponCodes.codeHash, codeHash));
  return row ?? null;
}

/**
 * The member's coupon row, or null when they already have this coupon. Two registrations of one
 * member at once meet on the unique (member, coupon) index: the second waits for the first and,
 * once it commits, inserts nothing.
 */
export async function insertMemberCoupon(
  db: Db,
  values: typeof couponUsers.$inferInsert,
): Promise<MemberCouponRow | null> {
  const [row] = await db
    .insert(couponUsers)
    .values(values)
    .onConflictDoNothing({ target: [couponUsers.userId, couponUsers.couponId] })
    .returning();
  return row ?? null;
}

/**
 * Takes one use of a code unless none is left; false when none is. One statement: members racing
 * for the last uses queue on the code's row, and each sees the count the one before left.
 */
export async function takeUse(db: Db, codeId: number): Promise<boolean> {
  const rows = await db
    .update(couponCodes)
    .set({ useCount: sql`${couponCodes.useCount} + 1` })
    .where(
      and(eq(couponCodes.id, codeId), or(isNull(couponCodes.maxUses), lt(couponCodes.useCount, couponCodes.maxUses))),
    )
    .returning({ id: couponCodes.id });
  return rows.length > 0;
}

export async function recordGrant(
  db: Db,
  memberCouponId: number,
  grant: { grantedAt: Date; grantExpiresAt: Date | null },
): Promise<void> {
  await db.update(couponUsers).set(grant).where(eq(couponUsers.id, memberCouponId));
}

/** The member's coupon with its coupon, locked until the transaction ends (applying a discount). */
export async function lockMemberCoupon(
  db: Db,
  memberCouponId: number,
  userId: number,
): Promise<{ memberCoupon: MemberCouponRow; coupon: CouponRow } | null> {
  const [row] = await db
    .select({ memberCoupon: couponUsers, coupon: coupons })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.id, couponUsers.couponId))
    .where(and(eq(couponUsers.id, memberCouponId), eq(couponUsers.userId, userId)))
    .for('update', { of: couponUsers });
  return row ?? null;
}

/** The order that holds a member's coupon: the paid one, else the newest unpaid one. */
const holder = (status: 'status' | 'id' | 'paid_at') =>
  sql.raw(`(select o.${status} from orders o where o.coupon_user_id = coupon_users.id and o.status in ('PAID', 'UNPAID')
            order by (o.status = 'PAID') desc, o.id desc limit 1)`);

/** The status of memberCouponStatus (rules.ts), in SQL, so the tabs filter and count in the database. */
function statusSql(now: Date): SQL<MemberCouponStatus> {
  return sql<MemberCouponStatus>`case
    when ${coupons.kind} <> 'DISCOUNT' then 'USED'
    when ${holder('status')} = 'PAID' then 'USED'
    when ${holder('status')} = 'UNPAID' then 'PENDING'
    when ${couponUsers.expiresAt} is not null and ${couponUsers.expiresAt} <= ${now} then 'EXPIRED'
    else 'UNUSED' end`;
}

const usableSql = (now: Date) => sql`${statusSql(now)} in ('UNUSED', 'PENDING')`;

/** Members' coupons with what they give and their state, newest first. */
function selectMemberCoupons(db: Db, where: SQL | undefined, page: { offset: number; limit: number }) {
  return db
    .select({
      id: couponUsers.id,
      registeredAt: couponUsers.registeredAt,
      expiresAt: couponUsers.expiresAt,
      grantedAt: couponUsers.grantedAt,
      grantExpiresAt: couponUsers.grantExpiresAt,
      coupon: coupons,
      holderStatus: sql<OrderStatus | null>`${holder('status')}`,
      holderOrderId: sql<number | null>`${holder('id')}`,
      holderPaidAt: sql<Date | string | null>`${holder('paid_at')}`,
      episodeNumber: episodes.number,
      seriesId: episodes.seriesId,
      seriesTitle: sql<string | null>`coalesce(${seriesBrands.title}, ${series.title})`,
    })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.id, couponUsers.couponId))
    .leftJoin(episodes, eq(episodes.id, coupons.episodeId))
    .leftJoin(series, eq(series.id, episodes.seriesId))
    .leftJoin(
      seriesBrands,
      and(eq(seriesBrands.seriesId, episodes.seriesId), eq(seriesBrands.brandId, coupons.brandId)),
    )
    .where(where)
    .orderBy(desc(couponUsers.registeredAt), desc(couponUsers.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** One page of a member's coupons of a tab, newest first. */
export function listMemberCoupons(
  db: Db,
  userId: number,
  tab: CouponTab,
  now: Date,
  page: { offset: number; limit: number },
) {
  const inTab = tab === 'usable' ? usableSql(now) : sql`not (${usableSql(now)})`;
  return selectMemberCoupons(db, and(eq(couponUsers.userId, userId), inTab), page);
}

/** One of the member's coupons as the list shows it. */
export async function findMemberCoupon(db: Db, userId: number, memberCouponId: number) {
  const [row] = await selectMemberCoupons(db, and(eq(couponUsers.userId, userId), eq(couponUsers.id, memberCouponId)), {
    offset: 0,
    limit: 1,
  });
  return row ?? null;
}

export type MemberCouponListRow = Awaited<ReturnType<typeof listMemberCoupons>>[number];

/** How many of the member's coupons each tab holds. */
export async function countMemberCoupons(db: Db, userId: number, now: Date) {
  const [row] = await db
    .select({
      usable: sql<number>`count(*) filter (where ${usableSql(now)})`.mapWith(Number),
      all: count(),
    })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.id, couponUsers.couponId))
    .where(eq(couponUsers.userId, userId));
  const usable = row?.usable ?? 0;
  return { usable, used: (row?.all ?? 0) - usable };
}

/** The episode a ticket names, if its series is shown in the brand. */
export async function episodeInBrand(db: Db, episodeId: number, brandId: string) {
  const [row] = await db
    .select({ id: episodes.id, seriesId: episodes.seriesId })
    .from(episodes)
    .innerJoin(seriesBrands, and(eq(seriesBrands.seriesId, episodes.seriesId), eq(seriesBrands.brandId, brandId)))
    .where(eq(episodes.id, episodeId));
  return row ?? null;
}

/** The outer coupon row inside a subquery (a bare column would name the subquery's own table). */
const outerCouponId = sql.raw('"coupons"."id"');

const couponStats = {
  codeCount: sql<number>`(select count(*) from coupon_codes k where k.coupon_id = ${outerCouponId})`.mapWith(Number),
  registrations: sql<number>`(select count(*) from coupon_users u where u.coupon_id = ${outerCouponId})`.mapWith(
    Number,
  ),
  /** Uses left of a shared code (one code with a limit); null for no limit or a batch. */
  usesLeft: sql<
    number | null
  >`(select case when count(*) = 1 and bool_and(k.max_uses is not null) then sum(k.max_uses - k.use_count) end
       from coupon_codes k where k.coupon_id = ${outerCouponId})`.mapWith((v) => (v === null ? null : Number(v))),
};

/** A coupon with its counts, as the admin sees it. */
export async function couponWithStats(db: Db, couponId: number) {
  const [row] = await db
    .select({ coupon: coupons, ...couponStats })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  return row ?? null;
}

export type CouponStatsRow = NonNullable<Awaited<ReturnType<typeof couponWithStats>>>;

/** The brand's coupons, newest first. */
export async function listCoupons(db: Db, brandId: string, page: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ coupon: coupons, ...couponStats })
      .from(coupons)
      .where(eq(coupons.brandId, brandId))
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(coupons).where(eq(coupons.brandId, brandId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Discount coupons whose time ends in (from, to] and that no paid order used, for the
 * notifications' scan; `coupon_users_expiry_idx` bounds it.
 */
export function discountsExpiringBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      memberCouponId: couponUsers.id,
      userId: couponUsers.userId,
      brandId: coupons.brandId,
      name: coupons.name,
      expiresAt: sql<Date>`${couponUsers.expiresAt}`.mapWith(couponUsers.expiresAt),
    })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.id, couponUsers.couponId))
    .where(
      and(
        gt(couponUsers.expiresAt, from),
        lte(couponUsers.expiresAt, to),
        eq(coupons.kind, 'DISCOUNT'),
        sql`${holder('status')} is distinct from 'PAID'`,
      ),
    );
}
