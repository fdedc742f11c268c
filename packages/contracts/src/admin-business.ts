import { z } from 'zod';
import { CoinBalance, CoinLot, HistoryEntry, Order, ProductMark } from './coins.js';
import { DisplayChannel, Layout } from './enums.js';
import { Id, IdParam, text } from './inputs.js';

// The console's business screens (issue 15 items 5 and 7): dashboards read from the real tables,
// the shop's coin products, a member's ledger by lot and refunds. Shared by the api and apps/admin.

// ——— dashboards (GET /admin/reports/…) ———

/** The longest range a report covers, in days (a year, a leap one included). */
export const REPORT_MAX_DAYS = 366;
/** Rows of the per-series report at most. */
export const REPORT_SERIES_MAX = 500;

export const REPORT_KINDS = ['sales', 'series', 'readers', 'freetime', 'coupons'] as const;
export const ReportKind = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKind>;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Whole days from `from` to `to`, both included (dates as YYYY-MM-DD). */
export function reportDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** Every day from `from` to `to`, both included, as YYYY-MM-DD (a chart's axis: days without data too). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) days.push(new Date(n * DAY_MS).toISOString().slice(0, 10));
  return days;
}

/**
 * A report's range and brands. `from` and `to` are days of the request brand's time zone, both
 * included. `brands`: absent for the request's brand, `all` for every brand the admin may act in,
 * or a comma-separated list of platform ids.
 */
export const ReportQuery = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    brands: z
      .string()
      .trim()
      .max(400)
      .regex(/^(all|[a-z0-9-]+(,[a-z0-9-]+)*)$/)
      .optional(),
    /** Per-series report only: how many series, the most coins first. */
    limit: z.coerce.number().int().min(1).max(REPORT_SERIES_MAX).default(100),
  })
  .refine((q) => q.from <= q.to, { message: 'from is after to', path: ['to'] })
  .refine((q) => reportDays(q.from, q.to) <= REPORT_MAX_DAYS, {
    message: `at most ${REPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof ReportQuery>;

/** What every report answers besides its rows: the range, the zone its days are cut in, the brands summed. */
const ReportFrame = {
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  brands: z.array(z.string()),
};

/** Paid orders and the coins they charged, per day and currency (amounts in the currency's minor unit). */
export const SalesRow = z.object({
  day: z.string(),
  currency: z.string(),
  /** Orders paid that day (refunded later or not). */
  orders: z.number().int(),
  amount: z.number().int(),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  freeCoins: z.number().int(),
  /** Orders refunded that day, and what was given back. */
  refunds: z.number().int(),
  refundedAmount: z.number().int(),
});
export type SalesRow = z.infer<typeof SalesRow>;
export const SalesReport = z.object({ ...ReportFrame, rows: z.array(SalesRow) });
export type SalesReport = z.infer<typeof SalesReport>;

/** Coins spent on a series' episodes in the range, and how many members bought or read it. */
export const SeriesRow = z.object({
  seriesId: z.number().int(),
  title: z.string(),
  /** Every coin spent (paid, bonus and free). */
  coins: z.number().int(),
  /** Of those, paid coins (COIN). */
  paidCoins: z.number().int(),
  purchases: z.number().int(),
  buyers: z.number().int(),
  /** Members whose reading position in the series moved in the range. */
  readers: z.number().int(),
});
export type SeriesRow = z.infer<typeof SeriesRow>;
export const SeriesReport = z.object({ ...ReportFrame, rows: z.array(SeriesRow) });
export type SeriesReport = z.infer<typeof SeriesReport>;

/**
 * Active members per day (decision 0234): those who read (a reading position moved or a
 * wait-until-free ticket opened an episode), bought (episodes or coins) or signed in or renewed
 * their session that day; `active` counts each member once.
 */
export const ReadersRow = z.object({
  day: z.string(),
  active: z.number().int(),
  readers: z.number().int(),
  buyers: z.number().int(),
  sessions: z.number().int(),
});
export type ReadersRow = z.infer<typeof ReadersRow>;
export const ReadersReport = z.object({ ...ReportFrame, rows: z.array(ReadersRow) });
export type ReadersReport = z.infer<typeof ReadersReport>;

/** Wait-until-free tickets used per day. */
export const FreetimeRow = z.object({
  day: z.string(),
  uses: z.number().int(),
  members: z.number().int(),
  series: z.number().int(),
});
export type FreetimeRow = z.infer<typeof FreetimeRow>;
export const FreetimeReport = z.object({ ...ReportFrame, rows: z.array(FreetimeRow) });
export type FreetimeReport = z.infer<typeof FreetimeReport>;

/** Coupons registered per day. */
export const CouponsRow = z.object({
  day: z.string(),
  registrations: z.number().int(),
  members: z.number().int(),
  coupons: z.number().int(),
});
export type CouponsRow = z.infer<typeof CouponsRow>;
export const CouponsReport = z.object({ ...ReportFrame, rows: z.array(CouponsRow) });
export type CouponsReport = z.infer<typeof CouponsReport>;

/** The columns of each report's CSV, in order: its rows' keys. */
export const REPORT_COLUMNS = {
  sales: ['day', 'currency', 'orders', 'amount', 'coins', 'bonusCoins', 'freeCoins', 'refunds', 'refundedAmount'],
  series: ['seriesId', 'title', 'coins', 'paidCoins', 'purchases', 'buyers', 'readers'],
  readers: ['day', 'active', 'readers', 'buyers', 'sessions'],
  freetime: ['day', 'uses', 'members', 'series'],
  coupons: ['day', 'registrations', 'members', 'coupons'],
} as const satisfies Record<ReportKind, readonly string[]>;

// ——— coin products (/admin/shop/products) ———

export const PRODUCT_COINS_MAX = 1_000_000;
/** A price in the currency's minor unit, at most 1 000 000.00. */
export const PRODUCT_PRICE_MAX = 100_000_000;

const count = (max: number) => z.number().int().min(0).max(max);

/** What an admin sets on a coin product; the stock sold and the order are the shop's. */
export const AdminProductInput = z
  .object({
    name: text(80).pipe(z.string().trim().min(1)),
    channels: z
      .array(DisplayChannel)
      .min(1)
      .max(3)
      .refine((c) => new Set(c).size === c.length, { message: 'channels repeat' }),
    coins: count(PRODUCT_COINS_MAX).min(1),
    bonusCoins: count(PRODUCT_COINS_MAX).default(0),
    freeCoins: count(PRODUCT_COINS_MAX).default(0),
    price: count(PRODUCT_PRICE_MAX).min(1),
    /** The price paid while a sale runs; below `price`. */
    salePrice: count(PRODUCT_PRICE_MAX).min(1).nullable().default(null),
    /** The percent badge. */
    percent: z.number().int().min(1).max(100).nullable().default(null),
    marks: z
      .array(ProductMark)
      .max(4)
      .refine((m) => new Set(m).size === m.length, { message: 'marks repeat' })
      .default([]),
    layout: Layout.default('ICON_TEXT'),
    firstPurchaseOnly: z.boolean().default(false),
    /** Units sold at most, in all (LIMITED_COIN_PRODUCT past it); null for no limit. */
    limitTotal: z.number().int().min(1).max(10_000_000).nullable().default(null),
    /** Units one member may buy (LIMITED_COIN_PRODUCT_USER past it); null for no limit. */
    limitPerUser: z.number().int().min(1).max(10_000).nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((p) => p.salePrice === null || p.salePrice < p.price, {
    message: 'the sale price is below the price',
    path: ['salePrice'],
  });
export type AdminProductInput = z.input<typeof AdminProductInput>;
export type AdminProductValues = z.output<typeof AdminProductInput>;

export const AdminProduct = z.object({
  id: z.number().int(),
  brandId: z.string(),
  name: z.string(),
  channels: z.array(DisplayChannel),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  freeCoins: z.number().int(),
  price: z.number().int(),
  salePrice: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  marks: z.array(ProductMark),
  layout: Layout,
  firstPurchaseOnly: z.boolean(),
  limitTotal: z.number().int().nullable(),
  limitPerUser: z.number().int().nullable(),
  soldCount: z.number().int(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  currency: z.string(),
  createdAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductList = z.object({ products: z.array(AdminProduct), currency: z.string() });
export type AdminProductList = z.infer<typeof AdminProductList>;

export const ProductIdParams = z.object({ productId: IdParam });

/** Turns a product on or off for readers (never deleted: its orders refer to it). */
export const AdminProductActiveRequest = z.object({ active: z.boolean() });
export type AdminProductActiveRequest = z.infer<typeof AdminProductActiveRequest>;

/** The brand's products in the order the shop lists them: every one of them, each once. */
export const AdminProductOrderRequest = z.object({
  productIds: z
    .array(Id)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'ids repeat' }),
});
export type AdminProductOrderRequest = z.infer<typeof AdminProductOrderRequest>;

// ——— members, their ledger and orders ———

export const MemberIdParams = z.object({ memberId: IdParam });

/** A member id, or (part of) an e-mail address. */
export const AdminMemberQuery = z.object({ q: z.string().trim().min(1).max(200) });
export type AdminMemberQuery = z.infer<typeof AdminMemberQuery>;

export const AdminMember = z.object({
  id: z.number().int(),
  brandId: z.string(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  status: z.string(),
  purchaseCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminMember = z.infer<typeof AdminMember>;

export const ADMIN_MEMBER_MATCHES_MAX = 20;
export const AdminMemberMatches = z.object({ members: z.array(AdminMember) });
export type AdminMemberMatches = z.infer<typeof AdminMemberMatches>;

/** Movements listed with a member's ledger at most, newest first. */
export const ADMIN_LEDGER_TRANSFERS_MAX = 200;

/**
 * GET /admin/members/{id}/ledger: the balances, every lot holding coins and the lots emptied in
 * the use window (with the movements that took from each), and the latest movements.
 */
export const AdminMemberLedger = z.object({
  member: AdminMember,
  balance: CoinBalance,
  lots: z.array(CoinLot),
  windowDays: z.number().int(),
  moreEmptied: z.boolean(),
  transfers: z.array(HistoryEntry),
});
export type AdminMemberLedger = z.infer<typeof AdminMemberLedger>;

/** An order as the console shows it: the member's view, with its member and refund time. */
export const AdminOrder = Order.omit({ checkoutUrl: true, returnPath: true }).extend({
  userId: z.number().int(),
  refundedAt: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const ADMIN_MEMBER_ORDERS_MAX = 100;
export const AdminOrderList = z.object({ orders: z.array(AdminOrder) });
export type AdminOrderList = z.infer<typeof AdminOrderList>;

export const AdminOrderIdParams = z.object({ orderId: IdParam });

/** POST /admin/orders/{id}/refund: the order, and whether this call refunded it (false: it already was). */
export const AdminRefundResult = z.object({ order: AdminOrder, refunded: z.boolean() });
export type AdminRefundResult = z.infer<typeof AdminRefundResult>;
