import { z } from 'zod';
import { CoinHistoryType, CoinSource, CoinType, DisplayChannel, HistoryTitle, Layout } from './enums.js';
import { Id, IdParam, PageNumber, text } from './inputs.js';

// The coin shop, payments, episode purchases and the member's histories (spec §2 /shop,
// /history/*; §3 Coin, shop items, payment record; §8 purchase and payment codes; DESIGN §5).

/** A client-chosen key that makes a retried charge or purchase apply once and answer the same. */
export const IdempotencyKey = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[\w-]+$/);

// ——— balances ———

/** A lot that will expire, soonest first (bonus, free coins and points). */
export const ExpiringCoins = z.object({ type: CoinType, amount: z.number().int(), expiresAt: z.string() });
export type ExpiringCoins = z.infer<typeof ExpiringCoins>;

/** Balances per coin type (GET /coin, /coin/user); `total` is what can pay for episodes (not points). */
export const CoinBalance = z.object({
  coin: z.number().int(),
  freeCoin: z.number().int(),
  bonus: z.number().int(),
  mileage: z.number().int(),
  total: z.number().int(),
  /** The soonest expiries, at most 5. */
  expiring: z.array(ExpiringCoins),
});
export type CoinBalance = z.infer<typeof CoinBalance>;

// ——— histories ———

export const HistoryKind = z.enum(['charge', 'use', 'mileage']);
export type HistoryKind = z.infer<typeof HistoryKind>;

export const HISTORY_PAGE_SIZE = 20;

export const HistoryQuery = z.object({
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(50).default(HISTORY_PAGE_SIZE),
});

/** Where coins came from or went: a coin product, an episode, or nothing more (an expiry, an admin). */
export const HistoryReference = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PRODUCT'), orderId: z.number().int(), name: z.string() }),
  z.object({
    kind: z.literal('EPISODE'),
    seriesId: z.number().int(),
    seriesTitle: z.string(),
    episodeId: z.number().int().nullable(),
    episodeNumber: z.number().int().nullable(),
    /** How many episodes a bulk purchase took. */
    episodeCount: z.number().int(),
    purchase: z.enum(['RENT', 'POSSESSION', 'ALL_RENT', 'ALL_POSSESSION']),
  }),
  z.object({ kind: z.literal('NOTE'), note: z.string() }),
]);
export type HistoryReference = z.infer<typeof HistoryReference>;

/** One movement of the member's coins, per coin type; `amount` is signed (+ in, − out). */
export const HistoryEntry = z.object({
  id: z.number().int(),
  type: CoinHistoryType,
  /**
   * A title of spec §3 where it names one, else one of ours: PURCHASE_EPISODE, EXPIRE,
   * RECEIVE_GIFT, SIGNUP_MAIL_REWARD, an event's (EVENT_*), TRANSFER_OUT (coins taken along by an
   * account transfer, decision 0251) or APPLE_GUEST_MIGRATE (an iOS guest's coins joining a web
   * account, decision 0273).
   */
  title: z.union([
    HistoryTitle,
    z.enum([
      'PURCHASE_EPISODE',
      'EXPIRE',
      'RECEIVE_GIFT',
      'SIGNUP_MAIL_REWARD',
      'EVENT_ATTENDANCE',
      'EVENT_ROULETTE',
      'EVENT_EMOTICON',
      'EVENT_ADD_EARN',
      'TRANSFER_OUT',
      'APPLE_GUEST_MIGRATE',
    ]),
  ]),
  coinType: CoinType,
  source: CoinSource.nullable(),
  amount: z.number().int(),
  /** For a credit: when what is left of it expires. */
  expiresAt: z.string().nullable(),
  reference: HistoryReference.nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryPage = z.object({
  items: z.array(HistoryEntry),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** The window of spec §9 the list covers, in days. */
  windowDays: z.number().int(),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

// ——— the transparent ledger (issue 12 item 6, docs/decisions/0170-coin-lots-ledger.md) ———

/**
 * Where a lot of coins came from, as the reader knows it: its source, told apart by the credit's
 * title where one source covers several things (a gift and the sign-up reward are REWARD and EVENT).
 */
export const LotOrigin = z.enum([
  'PAYMENT',
  'COUPON',
  'GIFT',
  'SIGNUP_REWARD',
  'EVENT',
  'REWARD',
  'POINTS',
  'ADMIN',
  'OFFERWALL',
]);
export type LotOrigin = z.infer<typeof LotOrigin>;

/** OPEN holds coins that count in the balance; the others hold none that do. */
export const LotStatus = z.enum(['OPEN', 'EXPIRED', 'SPENT', 'REFUNDED']);
export type LotStatus = z.infer<typeof LotStatus>;

/** What coins taken out of a lot went to. */
export const LotUseKind = z.enum(['EPISODE', 'EXPIRED', 'REFUNDED', 'ADMIN_DEDUCT', 'POINTS_EXCHANGE', 'OTHER']);
export type LotUseKind = z.infer<typeof LotUseKind>;

/** Coins taken out of one lot by one movement (a purchase, an expiry, a refund, a deduction). */
export const LotUse = z.object({
  /** The movement (transfer) that took them. */
  transferId: z.number().int(),
  kind: LotUseKind,
  title: HistoryEntry.shape.title,
  /** Coins taken out of this lot (positive). */
  amount: z.number().int(),
  createdAt: z.string(),
  /** The episode(s) bought or rented, or the note of an admin's deduction. */
  reference: HistoryReference.nullable(),
});
export type LotUse = z.infer<typeof LotUse>;

/** One credit of the member's coins, what is left of it, and every use of it. */
export const CoinLot = z.object({
  id: z.number().int(),
  coinType: CoinType,
  source: CoinSource,
  origin: LotOrigin,
  /** The title of the credit (CHARGE_COIN, EXCHANGE_COUPON, RECEIVE_GIFT, SIGNUP_MAIL_REWARD, ADMIN_CHARGE…). */
  title: HistoryEntry.shape.title,
  /** The coin product of a payment; the coupon's name, the gift's title or the admin's note. */
  reference: HistoryReference.nullable(),
  amount: z.number().int(),
  /** Coins left in it; they count in the balance only while it is OPEN. */
  remaining: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  status: LotStatus,
  /** Oldest first. */
  uses: z.array(LotUse),
});
export type CoinLot = z.infer<typeof CoinLot>;

/** Emptied lots listed at most (the most recently emptied); lots holding coins are always all listed. */
export const LEDGER_EMPTIED_LOTS_MAX = 100;

/**
 * GET /coin/lots: every lot holding coins (OPEN first, in the order they will be spent), then the
 * lots emptied in the window, the last emptied first. `balance` is GET /coin's, computed from
 * these very lots: the OPEN lots of each type add up to it.
 */
export const CoinLotsResponse = z.object({
  lots: z.array(CoinLot),
  balance: CoinBalance,
  /** Emptied lots are listed when their last coins went within this many days. */
  windowDays: z.number().int(),
  /** Whether emptied lots of the window were left out (past LEDGER_EMPTIED_LOTS_MAX). */
  moreEmptied: z.boolean(),
});
export type CoinLotsResponse = z.infer<typeof CoinLotsResponse>;

// ——— the shop ———

export const ProductMark = z.enum(['BEST', 'HOT', 'NEW', 'FIRST_PURCHASE']);
export type ProductMark = z.infer<typeof ProductMark>;

export const CoinProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  freeCoins: z.number().int(),
  /** In the currency's minor unit (cents). */
  price: z.number().int(),
  /** The price actually paid while a sale runs; null without one. */
  salePrice: z.number().int().nullable(),
  currency: z.string(),
  /** The percent badge: coins given beyond the base rate, or the sale's reduction. */
  percent: z.number().int().nullable(),
  marks: z.array(ProductMark),
  layout: Layout,
  /** Offered only to a member who has never charged. */
  firstPurchaseOnly: z.boolean(),
  /** How many more this member may buy; null without a per-member limit. */
  remainingForMe: z.number().int().nullable(),
  /** Whether the total stock is gone (LIMITED_COIN_PRODUCT). */
  soldOut: z.boolean(),
});
export type CoinProduct = z.infer<typeof CoinProduct>;

export const PaymentMethod = z.enum(['SANDBOX', 'STRIPE']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** The boxes a member ticks before paying; every one is required. */
export const ShopAgreement = z.enum(['TERMS', 'NO_WITHDRAWAL_RIGHT']);
export type ShopAgreement = z.infer<typeof ShopAgreement>;

export const ShopQuery = z.object({ channel: DisplayChannel.default('WEB') });

export const ShopResponse = z.object({
  products: z.array(CoinProduct),
  paymentMethods: z.array(PaymentMethod),
  agreements: z.array(ShopAgreement),
  currency: z.string(),
});
export type ShopResponse = z.infer<typeof ShopResponse>;

export const OrderStatus = z.enum(['UNPAID', 'PAID', 'FAILED', 'CANCELLED', 'REFUNDED']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** POST /shop/orders: start paying for a coin product. */
export const CreateOrderRequest = z.object({
  productId: Id,
  paymentMethod: PaymentMethod,
  agreements: z.array(ShopAgreement).max(10),
  channel: DisplayChannel.default('WEB'),
  idempotencyKey: IdempotencyKey,
  /** A same-origin path to come back to after paying (e.g. the episode that needed coins). */
  returnPath: text(512).optional(),
  /**
   * The web origin the reader is on (`location.origin`): the payment pages send them back there
   * when it is one of the api's WEB_ORIGIN, else to the first of those (decision 0148).
   */
  webOrigin: text(200).optional(),
  /** One of the member's discount coupons to apply (GET /coupons `id`, decision 0159). */
  couponId: Id.optional(),
});
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

export const Order = z.object({
  id: z.number().int(),
  status: OrderStatus,
  paymentMethod: PaymentMethod,
  productId: z.number().int(),
  productName: z.string(),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  freeCoins: z.number().int(),
  /** Charged, in the currency's minor unit (after the coupon's discount). */
  amount: z.number().int(),
  /** What a discount coupon took off the product's price (0 without one). */
  discount: z.number().int(),
  /** The member's coupon applied to this charge, if any. */
  couponId: z.number().int().nullable(),
  currency: z.string(),
  /** Where the member pays: the sandbox page on the reader's web origin, or Stripe Checkout's address. */
  checkoutUrl: z.string().nullable(),
  returnPath: z.string().nullable(),
  /** The member's paid charges so far, this one included once PAID (1 = first order). */
  purchaseCount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Until when a refund may be asked (7 days, none of its coins spent); null when not refundable. */
  refundableUntil: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderIdParams = z.object({ orderId: IdParam });

/** The sandbox checkout's three buttons. */
export const SandboxOutcome = z.object({ outcome: z.enum(['SUCCESS', 'FAILURE', 'CANCEL']) });
export type SandboxOutcome = z.infer<typeof SandboxOutcome>;

/**
 * The successful payment record the web keeps until the conversion event is sent (spec §3): seven
 * pipe-separated values.
 */
export interface PaymentRecord {
  transactionId: string;
  amount: number;
  currency: string;
  paymentType: string;
  coupon: string;
  itemId: string;
  itemName: string;
}

const PIPE = /\|/g;
export function formatPaymentRecord(r: PaymentRecord): string {
  return [r.transactionId, r.amount, r.currency, r.paymentType, r.coupon, r.itemId, r.itemName]
    .map((v) => String(v).replace(PIPE, '/'))
    .join('|');
}

export function parsePaymentRecord(raw: string): PaymentRecord | null {
  const parts = raw.split('|');
  if (parts.length !== 7) return null;
  const [transactionId = '', amount = '', currency = '', paymentType = '', coupon = '', itemId = '', itemName = ''] =
    parts;
  const value = Number(amount);
  if (!transactionId || !Number.isFinite(value)) return null;
  return { transactionId, amount: value, currency, paymentType, coupon, itemId, itemName };
}

// ——— episode purchases ———

export const EpisodePurchaseKind = z.enum(['RENT', 'POSSESSION']);
export type EpisodePurchaseKind = z.infer<typeof EpisodePurchaseKind>;

/** POST /episodes/{id}/purchase */
export const PurchaseEpisodeRequest = z.object({ kind: EpisodePurchaseKind, idempotencyKey: IdempotencyKey });
export type PurchaseEpisodeRequest = z.infer<typeof PurchaseEpisodeRequest>;

/** POST /contents/{id}/purchase-all: every episode of the series the member cannot read yet. */
export const PurchaseAllRequest = PurchaseEpisodeRequest;

export const PurchaseAllQuery = z.object({ kind: EpisodePurchaseKind });

/** What buying every remaining episode would cost (GET /contents/{id}/purchase-all). */
export const PurchaseAllQuote = z.object({
  kind: EpisodePurchaseKind,
  episodeIds: z.array(z.number().int()),
  /** Sum of the episodes' prices. */
  listPrice: z.number().int(),
  discountPercent: z.number().int(),
  price: z.number().int(),
});
export type PurchaseAllQuote = z.infer<typeof PurchaseAllQuote>;

export const PurchaseResult = z.object({
  purchaseId: z.number().int(),
  kind: z.enum(['RENT', 'POSSESSION', 'ALL_RENT', 'ALL_POSSESSION']),
  episodeIds: z.array(z.number().int()),
  price: z.number().int(),
  /** End of the rental; null for a purchase. */
  expiresAt: z.string().nullable(),
  balance: CoinBalance,
});
export type PurchaseResult = z.infer<typeof PurchaseResult>;

// ——— admin adjustments ———

export const AdminAdjustmentRequest = z.object({
  userId: Id,
  coinType: CoinType,
  /** Positive charges, negative deducts. */
  amount: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0),
  reason: text(500).trim().min(1),
  idempotencyKey: IdempotencyKey,
  /** Days until a charge of BONUS or FREE_COIN expires (none for COIN). */
  validDays: z.number().int().min(1).max(3650).optional(),
});
export type AdminAdjustmentRequest = z.infer<typeof AdminAdjustmentRequest>;

/** What an adjustment did: the target's balances after it; `applied` is false for a retried key. */
export const AdminAdjustmentResult = z.object({
  userId: z.number().int(),
  balance: CoinBalance,
  applied: z.boolean(),
});
export type AdminAdjustmentResult = z.infer<typeof AdminAdjustmentResult>;
