import { z } from 'zod';

// Enumerations of spec §3, one zod enum each, so that api and web validate the same values.

export const CoinType = z.enum(['COIN', 'FREE_COIN', 'BONUS', 'MILEAGE']);
export type CoinType = z.infer<typeof CoinType>;

export const PurchaseType = z.enum(['POSSESSION', 'POSSESSION_GIFT', 'RENT', 'RENT_GIFT', 'PERMANENT', 'FREETIME']);
export type PurchaseType = z.infer<typeof PurchaseType>;

/** Numeric purchase type of spec §3: rental = 0, buy = 1. */
export const NumericPurchaseType = { RENTAL: 0, BUY: 1 } as const;
export const NumericPurchaseTypeSchema = z.union([z.literal(0), z.literal(1)]);
export type NumericPurchaseType = z.infer<typeof NumericPurchaseTypeSchema>;

export const OwnershipType = z.enum(['POSSESSION', 'ALL_POSSESSION', 'RENT', 'ALL_RENT', 'PERMANENT', 'FREETIME']);
export type OwnershipType = z.infer<typeof OwnershipType>;

export const CreatorType = z.enum(['AUTHOR', 'WRITER', 'ARTIST', 'ORIGINAL', 'ADAPTER']);
export type CreatorType = z.infer<typeof CreatorType>;

export const ContentStatus = z.enum(['COMPLETED', 'SCHEDULED', 'PAUSED']);
export type ContentStatus = z.infer<typeof ContentStatus>;

export const Weekday = z.enum(['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY']);
export type Weekday = z.infer<typeof Weekday>;

/** Schedule keys: the weekdays plus TEN (published every ten days). */
export const ScheduleKey = z.enum([...Weekday.options, 'TEN']);
export type ScheduleKey = z.infer<typeof ScheduleKey>;

export const CommentState = z.enum(['REPORT', 'BLIND', 'DELETED', 'BLOCK']);
export type CommentState = z.infer<typeof CommentState>;

export const RewardType = z.enum(['COIN', 'FREE_COIN', 'BONUS', 'MILEAGE', 'ROULETTE_TICKET']);
export type RewardType = z.infer<typeof RewardType>;

export const EventRewardKind = z.enum(['freeEarn', 'addEarn', 'discount']);
export type EventRewardKind = z.infer<typeof EventRewardKind>;

/** History titles; ADMIN_* of the spec is written out as the admin charge and deduct entries. */
export const HistoryTitle = z.enum([
  'CHARGE_COIN',
  'ADMIN_CHARGE',
  'ADMIN_DEDUCT',
  'EXCHANGE_MILEAGE',
  'CANCEL_CHARGE_COIN',
  'EXCHANGE_COUPON',
  'REFUND_PURCHASE',
  'CHARGE_MILEAGE',
  'CANCEL_CHARGE_MILEAGE',
]);
export type HistoryTitle = z.infer<typeof HistoryTitle>;

export const CoinHistoryType = z.enum(['CHARGE', 'USE', 'EXPIRE', 'CANCEL', 'REFUND_PURCHASE']);
export type CoinHistoryType = z.infer<typeof CoinHistoryType>;

export const CoinSource = z.enum(['PAYMENT', 'COUPON', 'MILEAGE', 'REWARD', 'EVENT', 'ADMIN', 'OFFERWALL']);
export type CoinSource = z.infer<typeof CoinSource>;

export const ContentListKind = z.enum(['FREE', 'POPULAR', 'LATEST', 'FREETIME', 'SCHEDULE']);
export type ContentListKind = z.infer<typeof ContentListKind>;

export const FreeContentSort = z.enum(['POPULAR', 'LATEST', 'FREETIME']);
export type FreeContentSort = z.infer<typeof FreeContentSort>;

export const HomeTab = z.enum([
  'SCHEDULE_ALL',
  ...Weekday.options,
  'TEN',
  'RANKING',
  'FREE',
  'BL',
  'NEWEST',
  'MATURE',
  'ACTION',
  'ROMANCE',
  'WEEKLY',
]);
export type HomeTab = z.infer<typeof HomeTab>;

export const ViewerMode = z.enum(['SCROLL', 'PAPER']);
export type ViewerMode = z.infer<typeof ViewerMode>;

export const ContentKind = z.enum(['TEXT', 'IMAGE']);
export type ContentKind = z.infer<typeof ContentKind>;

export const ProductKind = z.enum(['COIN_PRODUCT', 'EPISODE']);
export type ProductKind = z.infer<typeof ProductKind>;

export const PaymentStatus = z.enum(['UNPAID', 'PAID']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const Target = z.enum(['MAIL', 'USER']);
export type Target = z.infer<typeof Target>;

export const DisplayChannel = z.enum(['WEB', 'APP', 'VIEWER_APP']);
export type DisplayChannel = z.infer<typeof DisplayChannel>;

export const Layout = z.enum(['ONLY_ICON', 'ONLY_TEXT', 'ICON_TEXT', 'TEXT_ICON']);
export type Layout = z.infer<typeof Layout>;

export const Mark = z.enum(['new', 'series', 'single', 'discount', 'free']);
export type Mark = z.infer<typeof Mark>;

export const ClientPlatform = z.enum(['WEB', 'AND_PLAY', 'AND_PLUS', 'IOS_APP']);
export type ClientPlatform = z.infer<typeof ClientPlatform>;

export const LoginMethod = z.enum(['google', 'facebook', 'twitter', 'email']);
export type LoginMethod = z.infer<typeof LoginMethod>;

export const NavItem = z.enum(['home', 'shop', 'gift', 'search', 'my', 'coupon', 'benefit', 'library', 'signup']);
export type NavItem = z.infer<typeof NavItem>;

export const Genre = z.enum(['BL', 'ROMANCE', 'ACTION', 'MATURE', 'DRAMA', 'FANTASY', 'COMEDY', 'THRILLER']);
export type Genre = z.infer<typeof Genre>;
