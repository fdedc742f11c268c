import { z } from 'zod';
import { CoinBalance } from './coins.js';
import { toCsv } from './csv.js';
import { CoinType } from './enums.js';
import { Id, PageNumber, text } from './inputs.js';
import { normalizeCouponCode } from './validators.js';

// Coupons (spec §2 /coupon, §5 "coupon code non-empty", §6 login required, §8 coupon codes;
// docs/decisions/0157–0160): a member registers a code and receives what its coupon gives —
// coins of a type, a discount on a coin product (applied in the shop), or an episode rental or
// possession ticket. Admins create coupons with one shared code or a batch of single-use codes.

/** What a coupon gives. */
export const CouponKind = z.enum(['COIN', 'DISCOUNT', 'EPISODE_RENT', 'EPISODE_POSSESSION']);
export type CouponKind = z.infer<typeof CouponKind>;

/**
 * A member's coupon as the list shows it: UNUSED (a discount not applied yet), PENDING (applied to
 * a charge not paid yet), USED (given: coins, a ticket, or a paid discount), EXPIRED (a discount
 * whose time passed unused).
 */
export const MemberCouponStatus = z.enum(['UNUSED', 'PENDING', 'USED', 'EXPIRED']);
export type MemberCouponStatus = z.infer<typeof MemberCouponStatus>;

/** The tabs of /coupon: coupons still to use, and those used or expired. */
export const CouponTab = z.enum(['usable', 'used']);
export type CouponTab = z.infer<typeof CouponTab>;

// ——— codes ———

/**
 * The key a code is looked up by: trimmed, upper-case, without its dashes, so "abcd-efgh" and
 * "ABCDEFGH" are the same code (generated codes are printed in groups of four).
 */
export function canonicalCouponCode(code: string): string {
  return normalizeCouponCode(code).replaceAll('-', '');
}

/** Symbols of generated codes: digits and capitals without I, L, O and U (Crockford's base 32). */
export const COUPON_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Symbols per generated code: 16 of 32 is 80 bits, printed XXXX-XXXX-XXXX-XXXX. */
export const COUPON_CODE_SYMBOLS = 16;

/** A generated code in groups of four, from `COUPON_CODE_SYMBOLS` indexes into the alphabet. */
export function formatGeneratedCode(indexes: readonly number[]): string {
  const symbols = indexes.map((i) => COUPON_CODE_ALPHABET[i] ?? '');
  return Array.from({ length: Math.ceil(symbols.length / 4) }, (_, g) => symbols.slice(g * 4, g * 4 + 4).join('')).join(
    '-',
  );
}

// ——— the discount rule (shared: the api charges it, the shop's picker shows it) ———

export interface DiscountRule {
  discountPercent: number | null;
  discountAmount: number | null;
  minimumAmount: number;
}

/**
 * What a discount coupon takes off `amount` (in the currency's minor unit), or null when the amount
 * is below the coupon's minimum (INVALID_MINIMUM_AMOUNT_COUPON). A percentage is rounded down; a
 * fixed amount never takes the whole price (creation keeps it under the minimum).
 */
export function discountOf(rule: DiscountRule, amount: number): number | null {
  if (amount < rule.minimumAmount) return null;
  const off =
    rule.discountPercent !== null ? Math.floor((amount * rule.discountPercent) / 100) : (rule.discountAmount ?? 0);
  return Math.max(0, Math.min(off, amount - 1));
}

// ——— the member's calls ———

/** POST /coupons: register a code (blank → INVALID_PARAMETER, another shape → NOT_FOUND_COUPON). */
export const RegisterCouponRequest = z.object({ code: text(64) });
export type RegisterCouponRequest = z.infer<typeof RegisterCouponRequest>;

export const COUPON_PAGE_SIZE = 20;

export const CouponListQuery = z.object({
  tab: CouponTab.default('usable'),
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(50).default(COUPON_PAGE_SIZE),
});
export type CouponListQuery = z.infer<typeof CouponListQuery>;

/** The episode a ticket coupon gives. */
export const CouponEpisode = z.object({
  id: z.number().int(),
  number: z.number().int(),
  seriesId: z.number().int(),
  seriesTitle: z.string(),
});
export type CouponEpisode = z.infer<typeof CouponEpisode>;

export const MemberCoupon = z.object({
  /** The member's coupon (the shop's `couponId`). */
  id: z.number().int(),
  name: z.string(),
  kind: CouponKind,
  status: MemberCouponStatus,
  /** COIN: the coin type and how many. */
  coinType: CoinType.nullable(),
  coins: z.number().int().nullable(),
  /** DISCOUNT: a percentage or a fixed amount off, from a minimum (minor units of `currency`). */
  discountPercent: z.number().int().nullable(),
  discountAmount: z.number().int().nullable(),
  minimumAmount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** EPISODE_*: the episode given. */
  episode: CouponEpisode.nullable(),
  registeredAt: z.string(),
  /** Until when an unused discount may be applied; null when it does not expire or was given at once. */
  expiresAt: z.string().nullable(),
  /** When it was used: at once for coins and tickets, when the charge was paid for a discount. */
  usedAt: z.string().nullable(),
  /** Until when the coins or the rental it gave last; null when they do not expire. */
  grantExpiresAt: z.string().nullable(),
  /** The charge it was applied to (DISCOUNT). */
  orderId: z.number().int().nullable(),
});
export type MemberCoupon = z.infer<typeof MemberCoupon>;

export const CouponPage = z.object({
  items: z.array(MemberCoupon),
  tab: CouponTab,
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** How many coupons each tab holds. */
  counts: z.object({ usable: z.number().int(), used: z.number().int() }),
});
export type CouponPage = z.infer<typeof CouponPage>;

/** What registering gave, and the member's balances after it (for the header). */
export const RegisterCouponResult = z.object({ coupon: MemberCoupon, balance: CoinBalance });
export type RegisterCouponResult = z.infer<typeof RegisterCouponResult>;

// ——— admin ———

const MAX_MINOR_AMOUNT = 100_000_000;

export const CouponGrant = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('COIN'),
    coinType: CoinType,
    coins: z.number().int().min(1).max(100_000),
    /** Days the coins last; by default BONUS 90 and FREE_COIN 30, COIN never, MILEAGE never. */
    validDays: z.number().int().min(1).max(3650).optional(),
  }),
  z
    .object({
      kind: z.literal('DISCOUNT'),
      discountPercent: z.number().int().min(1).max(90).optional(),
      /** In the brand currency's minor unit. */
      discountAmount: z.number().int().min(1).max(MAX_MINOR_AMOUNT).optional(),
      minimumAmount: z.number().int().min(0).max(MAX_MINOR_AMOUNT).default(0),
      /** Days a registered discount may be applied (bounded by the coupon's end). */
      usableDays: z.number().int().min(1).max(3650).optional(),
    })
    .refine((g) => (g.discountPercent === undefined) !== (g.discountAmount === undefined), {
      message: 'give exactly one of discountPercent and discountAmount',
    })
    .refine((g) => g.discountAmount === undefined || g.discountAmount < g.minimumAmount, {
      message: 'a fixed discount must be below minimumAmount, so that something is left to pay',
    }),
  z.object({ kind: z.literal('EPISODE_RENT'), episodeId: Id }),
  z.object({ kind: z.literal('EPISODE_POSSESSION'), episodeId: Id }),
]);
export type CouponGrant = z.infer<typeof CouponGrant>;

/** An admin's own code: the shape members may type (decision 0070), at least 4 symbols besides dashes. */
export const CustomCouponCode = z
  .string()
  .transform(normalizeCouponCode)
  .pipe(z.string().regex(/^[A-Z0-9-]{4,32}$/))
  .refine((c) => canonicalCouponCode(c).length >= 4, { message: 'at least 4 letters or digits' });

export const MAX_COUPON_BATCH = 10_000;

/**
 * The codes of a coupon: one code shared by many members (the admin's own or a generated one,
 * `maxUses` members at most, null for no limit), or a batch of generated single-use codes.
 */
export const CouponCodesSpec = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('SHARED'),
    code: CustomCouponCode.optional(),
    maxUses: z.number().int().min(1).max(10_000_000).nullable().default(null),
  }),
  z.object({ mode: z.literal('BATCH'), count: z.number().int().min(1).max(MAX_COUPON_BATCH) }),
]);
export type CouponCodesSpec = z.infer<typeof CouponCodesSpec>;

export const CreateCouponRequest = z
  .object({
    name: text(100).trim().min(1),
    grant: CouponGrant,
    codes: CouponCodesSpec,
    /** Registration opens (default now) and ends (default never). */
    startsAt: z.iso.datetime({ offset: true }).optional(),
    endsAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((c) => !c.startsAt || !c.endsAt || new Date(c.startsAt) < new Date(c.endsAt), {
    message: 'endsAt must come after startsAt',
    path: ['endsAt'],
  });
export type CreateCouponRequest = z.infer<typeof CreateCouponRequest>;

/** POST /admin/coupons/{id}/codes: another batch of single-use codes for a coupon. */
export const AddCouponCodesRequest = z.object({ count: z.number().int().min(1).max(MAX_COUPON_BATCH) });
export type AddCouponCodesRequest = z.infer<typeof AddCouponCodesRequest>;

export const AdminCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: CouponKind,
  coinType: CoinType.nullable(),
  coins: z.number().int().nullable(),
  coinValidDays: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
  discountAmount: z.number().int().nullable(),
  minimumAmount: z.number().int().nullable(),
  usableDays: z.number().int().nullable(),
  episodeId: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The admin who made it; null for the demo seed's coupons. */
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  /** Codes made, members who registered one, and the uses a shared code has left (null: no limit). */
  codeCount: z.number().int(),
  registrations: z.number().int(),
  usesLeft: z.number().int().nullable(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;

/** A coupon and the codes just made: shown this once, never stored in clear (decision 0158). */
export const CouponWithCodes = z.object({ coupon: AdminCoupon, codes: z.array(z.string()) });
export type CouponWithCodes = z.infer<typeof CouponWithCodes>;

export const AdminCouponQuery = z.object({
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(100).default(COUPON_PAGE_SIZE),
});

export const AdminCouponPage = z.object({
  items: z.array(AdminCoupon),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type AdminCouponPage = z.infer<typeof AdminCouponPage>;

/** The codes of a batch as CSV (one header line, then `coupon_id,coupon_name,code` per code). */
export function couponCodesCsv(coupon: { id: number; name: string }, codes: readonly string[]): string {
  return toCsv(
    ['coupon_id', 'coupon_name', 'code'],
    codes.map((code) => [coupon.id, coupon.name, code]),
  );
}
