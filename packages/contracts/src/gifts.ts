import { z } from 'zod';
import { CoinBalance, IdempotencyKey } from './coins.js';
import { CoinType, Target } from './enums.js';
import { Id, IdParam, text } from './inputs.js';

// The gift box (spec §2 /gift, §3 Target MAIL|USER and purchase types POSSESSION_GIFT|RENT_GIFT,
// §8 gift codes): gifts of coins or episodes sent to a member or to an e-mail address, received
// one by one or all at once before they expire (docs/decisions/0161-gift-box.md).

/** What a gift holds: coins of one type, or episodes to keep (POSSESSION_GIFT) or to rent (RENT_GIFT). */
export const GiftKind = z.enum(['COIN', 'POSSESSION_GIFT', 'RENT_GIFT']);
export type GiftKind = z.infer<typeof GiftKind>;

/** WAITING in the box, RECEIVED by its member, or EXPIRED unreceived (decision 0162). */
export const GiftStatus = z.enum(['WAITING', 'RECEIVED', 'EXPIRED']);
export type GiftStatus = z.infer<typeof GiftStatus>;

/** Days a gift waits to be received unless its sender says otherwise. */
export const GIFT_DEFAULT_VALID_DAYS = 30;
/** How far back the box shows received and expired gifts. */
export const GIFT_PAST_DAYS = 30;
/** Most gifts listed per part of the box (the count of waiting ones is always exact). */
export const GIFT_LIST_MAX = 100;

export const GiftCoins = z.object({
  type: CoinType,
  amount: z.number().int(),
  /** Days the coins stay valid once received; null when they never expire. */
  validDays: z.number().int().nullable(),
});
export type GiftCoins = z.infer<typeof GiftCoins>;

export const GiftEpisodes = z.object({
  seriesId: z.number().int(),
  seriesTitle: z.string(),
  episodeIds: z.array(z.number().int()),
  /** Numbers of the episodes, in order. */
  episodeNumbers: z.array(z.number().int()),
});
export type GiftEpisodes = z.infer<typeof GiftEpisodes>;

/** One gift as its member sees it in the box. */
export const Gift = z.object({
  id: z.number().int(),
  targetType: Target,
  kind: GiftKind,
  title: z.string(),
  message: z.string().nullable(),
  /** For a COIN gift. */
  coins: GiftCoins.nullable(),
  /** For an episode gift (POSSESSION_GIFT or RENT_GIFT). */
  episodes: GiftEpisodes.nullable(),
  status: GiftStatus,
  /** The time by which it must be received. */
  expiresAt: z.string(),
  receivedAt: z.string().nullable(),
  /** When it expired unreceived: the box's EXPIRE entry. */
  expiredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Gift = z.infer<typeof Gift>;

/** GET /gift: the waiting gifts, soonest expiry first, and the recent received or expired ones, newest first. */
export const GiftBox = z.object({
  waiting: z.array(Gift),
  past: z.array(Gift),
  /** Every waiting gift (the header count); `waiting` lists at most GIFT_LIST_MAX of them. */
  waitingCount: z.number().int(),
});
export type GiftBox = z.infer<typeof GiftBox>;

/** GET /gift/count: the header's count of gifts waiting. */
export const GiftCount = z.object({ count: z.number().int() });
export type GiftCount = z.infer<typeof GiftCount>;

export const GiftIdParams = z.object({ giftId: IdParam });

/** POST /gift/{id}/receive and POST /gift/receive-all. */
export const GiftsReceived = z.object({
  received: z.array(Gift),
  /** Gifts left waiting because what they give no longer exists (NOT_FOUND_GIFT_INFO); receive-all only. */
  failed: z.array(z.object({ id: z.number().int(), code: z.literal('NOT_FOUND_GIFT_INFO') })),
  balance: CoinBalance,
  waitingCount: z.number().int(),
});
export type GiftsReceived = z.infer<typeof GiftsReceived>;

// ——— sending (admins) ———

/** The most members one segment may name: a larger campaign is sent in parts. */
export const GIFT_SEGMENT_MAX = 10_000;

export const GiftTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('USER'), userId: Id }),
  z.object({ type: z.literal('MAIL'), email: text(254).trim().min(3) }),
  /** Every active member of the brand who favourites the series (each gets a USER gift). */
  z.object({ type: z.literal('SEGMENT'), segment: z.literal('FAVORITE_OF_SERIES'), seriesId: Id }),
]);
export type GiftTarget = z.infer<typeof GiftTarget>;

export const GiftContent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('COIN'),
    coinType: CoinType,
    amount: z.number().int().min(1).max(100_000),
    /** Days the coins stay valid once received (none for paid COIN); BONUS and FREE_COIN default like a product's. */
    validDays: z.number().int().min(1).max(3650).optional(),
  }),
  z.object({
    kind: z.enum(['POSSESSION_GIFT', 'RENT_GIFT']),
    seriesId: Id,
    episodeIds: z.array(Id).min(1).max(200),
  }),
]);
export type GiftContent = z.infer<typeof GiftContent>;

/** POST /admin/gifts: one gift, the same for every target. */
export const SendGiftRequest = z.object({
  targets: z.array(GiftTarget).min(1).max(100),
  content: GiftContent,
  title: text(100).trim().min(1),
  message: text(500).trim().optional(),
  /** Days the gift waits to be received. */
  validDays: z.number().int().min(1).max(365).default(GIFT_DEFAULT_VALID_DAYS),
  /** The admin's key: a retry sends nothing again and answers the first sending. */
  idempotencyKey: IdempotencyKey,
});
export type SendGiftRequest = z.infer<typeof SendGiftRequest>;

export const SentGift = z.object({
  id: z.number().int(),
  targetType: Target,
  /** The member it waits for: the USER target, or the account that holds the MAIL address. */
  userId: z.number().int().nullable(),
  email: z.string().nullable(),
});

export const SendGiftResult = z.object({
  gifts: z.array(SentGift),
  expiresAt: z.string(),
  /** False for a retried key: nothing was sent again. */
  applied: z.boolean(),
});
export type SendGiftResult = z.infer<typeof SendGiftResult>;
