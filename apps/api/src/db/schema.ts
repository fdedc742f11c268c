import type {
  CoinHistoryType,
  CoinSource,
  CoinType,
  ContactCategory,
  ContactStatus,
  ContentKind,
  ContentStatus,
  CouponKind,
  CreatorType,
  DisplayChannel,
  Emoticon,
  EventAudience,
  EventKind,
  EventRewardKind,
  Genre,
  GiftKind,
  GiftStatus,
  HomeTabSlug,
  Layout,
  NotificationKind,
  OrderStatus,
  OwnershipType,
  PaymentMethod,
  PolicyKind,
  ProductMark,
  RewardType,
  RouletteTicketSource,
  SaleType,
  ScheduleKey,
  Target,
  TransferConsentItem,
  TransferSummary,
} from '@balcony/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Tables of DESIGN §6a. Enumerations are stored as text and validated by the contracts' zod
// enums at the edges, so adding a value never needs a migration of a PostgreSQL enum type.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const series = pgTable('series', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  /** Original (international) title; each brand may show a localised one. */
  title: text('title').notNull(),
  synopsis: text('synopsis').notNull(),
  status: text('status').$type<ContentStatus>().notNull(),
  schedule: text('schedule').array().$type<ScheduleKey[]>().notNull().default(sql`'{}'::text[]`),
  isAdult: boolean('is_adult').notNull().default(false),
  isBl: boolean('is_bl').notNull().default(false),
  contentKind: text('content_kind').$type<ContentKind>().notNull().default('IMAGE'),
  /** SERIAL (published in episodes) or SINGLE (a volume edition); gives the series/single marks. */
  format: text('format').notNull().default('SERIAL'),
  coverKey: text('cover_key').notNull(),
  thumbnailKey: text('thumbnail_key').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Which brand shows a series, under which title, and how popular it is there. */
export const seriesBrands = pgTable(
  'series_brands',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    brandId: text('brand_id').notNull(),
    title: text('title').notNull(),
    synopsis: text('synopsis').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    /** A running sale on this brand, in percent off episode prices (the discount mark). */
    discountPercent: integer('discount_percent').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hours until a used wait-until-free ticket is back; null when the series offers none here. */
    freetimeIntervalHours: integer('freetime_interval_hours'),
    /**
     * How many of the newest published episodes a wait-until-free ticket may not open (issue 12:
     * which episodes a ticket opens is per series; decision 0153).
     */
    freetimeExcludesLatest: integer('freetime_excludes_latest').notNull().default(3),
    /**
     * What search matches: this brand's title, the original title, creators, tags and genre codes,
     * in `normalizeSearchText` form; kept by the catalog's `reindexSearch`.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.brandId] }),
    index('series_brands_brand_idx').on(t.brandId, t.viewCount),
    // Trigrams make `like '%fragment%'` fast in any script; pg_trgm is created by the migration.
    index('series_brands_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** Notices about a series on a brand (schedule changes, breaks); the detail page shows the latest. */
export const seriesNotices = pgTable(
  'series_notices',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    brandId: text('brand_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('series_notices_series_idx').on(t.seriesId, t.brandId, t.publishedAt)],
);

/** Editors' picks of a brand (`/home/pick`): titled collections of series, in order. */
export const picks = pgTable(
  'picks',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('picks_brand_idx').on(t.brandId, t.position)],
);

export const pickItems = pgTable(
  'pick_items',
  {
    pickId: integer('pick_id')
      .notNull()
      .references(() => picks.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pickId, t.seriesId] })],
);

export const creators = pgTable('creators', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const seriesCreators = pgTable(
  'series_creators',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    type: text('type').$type<CreatorType>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.creatorId, t.type] })],
);

export const genres = pgTable('genres', {
  code: text('code').$type<Genre>().primaryKey(),
});

export const seriesGenres = pgTable(
  'series_genres',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    genre: text('genre')
      .$type<Genre>()
      .notNull()
      .references(() => genres.code),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.genre] }), index('series_genres_genre_idx').on(t.genre)],
);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const seriesTags = pgTable(
  'series_tags',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.tagId] })],
);

export const episodes = pgTable(
  'episodes',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    isFree: boolean('is_free').notNull().default(false),
    /** Eligible for a wait-until-free ticket (spec §4). */
    freetime: boolean('freetime').notNull().default(false),
    /** Prices in coins (whole numbers). */
    rentPrice: integer('rent_price').notNull().default(0),
    buyPrice: integer('buy_price').notNull().default(0),
    saleType: text('sale_type').$type<SaleType>().notNull().default('BOTH'),
    contentKind: text('content_kind').$type<ContentKind>().notNull().default('IMAGE'),
    thumbnailKey: text('thumbnail_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('episodes_series_number_uq').on(t.seriesId, t.number),
    index('episodes_published_idx').on(t.publishedAt),
  ],
);

/** An image page (imageKey, width, height) or a text page (text). */
export const episodePages = pgTable(
  'episode_pages',
  {
    id: serial('id').primaryKey(),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageKey: text('image_key'),
    width: integer('width'),
    height: integer('height'),
    text: text('text'),
  },
  (t) => [
    uniqueIndex('episode_pages_episode_position_uq').on(t.episodeId, t.position),
    // The media route looks a page image up by key to know whether it needs a signature.
    index('episode_pages_image_key_idx').on(t.imageKey),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    title: text('title').notNull(),
    imageKey: text('image_key').notNull(),
    linkUrl: text('link_url').notNull(),
    position: integer('position').notNull().default(0),
    displayChannel: text('display_channel').$type<DisplayChannel>().notNull().default('WEB'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('banners_brand_idx').on(t.brandId, t.position)],
);

/**
 * The order of a brand's home tab bar, set in the console (issue 15 item 4); a brand without a
 * row shows DEFAULT_HOME_TAB_ORDER.
 */
export const brandHomeTabs = pgTable('brand_home_tabs', {
  brandId: text('brand_id').primaryKey(),
  tabs: text('tabs').array().$type<HomeTabSlug[]>().notNull(),
  updatedAt: updatedAt(),
});

/** Every User field of spec §3, plus what an account needs (brand, credentials, status). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    snsProvider: text('sns_provider'), // google | facebook | twitter | apple_guest | null for e-mail
    snsId: text('sns_id'),
    email: text('email'),
    name: text('name'),
    nickname: text('nickname'),
    passwordHash: text('password_hash'),
    phone: text('phone'),
    isAdult: boolean('is_adult').notNull().default(false),
    purchaseCount: integer('purchase_count').notNull().default(0),
    isAgreeMail: boolean('is_agree_mail').notNull().default(false),
    showAdult: boolean('show_adult').notNull().default(false),
    isKrIpUser: boolean('is_kr_ip_user').notNull().default(false),
    isAdultKr: boolean('is_adult_kr').notNull().default(false),
    isAppPush: boolean('is_app_push').notNull().default(false),
    isAgreePush: boolean('is_agree_push').notNull().default(false),
    isAgreePushContents: boolean('is_agree_push_contents').notNull().default(false),
    isAgreePushFreetime: boolean('is_agree_push_freetime').notNull().default(false),
    isAgreePushNight: boolean('is_agree_push_night').notNull().default(false),
    birthedAt: date('birthed_at'),
    isBlToggle: boolean('is_bl_toggle').notNull().default(true),
    role: text('role').notNull().default('USER'),
    /** PENDING (e-mail not verified), ACTIVE or WITHDRAWN. */
    status: text('status').$type<'PENDING' | 'ACTIVE' | 'WITHDRAWN'>().notNull().default('ACTIVE'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    withdrawalReason: text('withdrawal_reason'),
    /** Is-sign-up flag: set for 1 hour after a new sign-up (spec §4). */
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** Last refused withdrawal (wrong password); another attempt within 5 minutes answers FREQUENT_REQUEST. */
    withdrawalAttemptAt: timestamp('withdrawal_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_brand_email_uq').on(t.brandId, sql`lower(${t.email})`),
    uniqueIndex('users_brand_sns_uq').on(t.brandId, t.snsProvider, t.snsId),
    // A phone number identifies one account per brand (SMS password reset); withdrawal erases it.
    uniqueIndex('users_brand_phone_uq').on(t.brandId, t.phone).where(sql`${t.phone} is not null`),
  ],
);

/** Refresh tokens, stored hashed; rotation keeps the family so a reused token revokes them all (DESIGN §4). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedById: integer('replaced_by_id'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    // Sessions begun or renewed per day (the dashboards' active members, decision 0234).
    index('refresh_tokens_created_idx').on(t.createdAt),
  ],
);

/**
 * One e-mail sign-up attempt of a pending account, with the credentials it chose. A second sign-up
 * for the same pending address is an attempt of its own: a code proves the mailbox only for the
 * attempt that sent it, so nobody can set the password of an address they cannot read
 * (docs/decisions/0053-sign-up-attempts-kept-apart.md). Deleted when the account is activated.
 */
export const signUpAttempts = pgTable(
  'sign_up_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    isAgreeMail: boolean('is_agree_mail').notNull().default(false),
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_up_attempts_user_idx').on(t.userId)],
);

/** E-mail OTPs, reset links and SMS codes: stored hashed, single use, with expiry. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'SIGNUP_OTP' | 'RESET_LINK' | 'RESET_SMS'>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The sign-up attempt a SIGNUP_OTP belongs to. */
    signUpAttemptId: integer('sign_up_attempt_id').references(() => signUpAttempts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Addresses withdrawn in the last 30 days, for the re-sign-up block (spec §9): only a keyed hash
 * (HMAC-SHA-256 with the auth secret) of brand and lower-case e-mail, never the address.
 */
export const withdrawnEmails = pgTable(
  'withdrawn_emails',
  {
    keyHash: text('key_hash').primaryKey(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('withdrawn_emails_withdrawn_at_idx').on(t.withdrawnAt)],
);

/**
 * What a member may read beyond free episodes (DESIGN §6): the viewer's entitlement check reads only
 * this table and the episode's free flag. RENT and FREETIME rows expire; bulk purchases (ALL_*) and
 * gifts write one row per episode with their kind and source.
 */
export const ownerships = pgTable(
  'ownerships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OwnershipType>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    source: text('source').notNull(), // PurchaseType that created it
    orderRef: text('order_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ownerships_user_episode_idx').on(t.userId, t.episodeId),
    index('ownerships_user_series_idx').on(t.userId, t.seriesId, t.createdAt),
    // Rentals about to end (the notifications' scan, decision 0208).
    index('ownerships_rent_expiry_idx').on(t.expiresAt).where(sql`${t.kind} = 'RENT'`),
  ],
);

/** Where a member stopped in each episode; the newest row per series is "continue reading". */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    /** How far through the page, 0 to 1. */
    offset: real('offset').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.episodeId] }),
    index('reading_progress_user_series_idx').on(t.userId, t.seriesId, t.updatedAt),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seriesId] }),
    index('favorites_user_idx').on(t.userId, t.createdAt),
    // Who follows a series that has a new episode (the notifications' scan, decision 0208).
    index('favorites_series_idx').on(t.seriesId),
  ],
);

/** Series a member removed from /library/my; a later acquisition shows the series again. */
export const libraryHidden = pgTable(
  'library_hidden',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seriesId] })],
);

// ——— coins (DESIGN §5): a double-entry book per coin type ———

/** The operator's side of every movement: where sold, granted, spent, expired or refunded coins go. */
/** How many accounts each operator account is split into (a change needs a migration adding rows). */
export const OPERATOR_SHARDS = 16;

export type OperatorAccount =
  | 'SOLD'
  | 'PROMOTION'
  | 'SPENT'
  | 'EXPIRED'
  | 'REFUNDED'
  | 'EXCHANGE'
  | 'ADJUSTED'
  /** Coins a member took to the partner's service (account transfer, decision 0251). */
  | 'TRANSFERRED';

/**
 * One account per member and coin type (ledger), and the operator's accounts. A member's balance
 * is credits − debits and can never go below zero (the check); the operator's are debit-normal.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    operator: text('operator').$type<OperatorAccount>(),
    /**
     * The operator's side is split in OPERATOR_SHARDS accounts per operator and ledger, picked by
     * member, so that purchases of different members do not queue on one row (decision 0143).
     */
    shard: integer('shard').notNull().default(0),
    ledger: text('ledger').$type<CoinType>().notNull(),
    debits: bigint('debits', { mode: 'number' }).notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('ledger_accounts_member_uq').on(t.userId, t.ledger).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_operator_uq').on(t.operator, t.ledger, t.shard).where(sql`${t.operator} is not null`),
    check('ledger_accounts_owner', sql`(${t.userId} is null) <> (${t.operator} is null)`),
    check('ledger_accounts_member_not_negative', sql`${t.userId} is null or ${t.credits} >= ${t.debits}`),
  ],
);

/**
 * Immutable movements: each debits one account and credits another of the same ledger. `key` is
 * the idempotency key: the same movement is applied at most once.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    ledger: text('ledger').$type<CoinType>().notNull(),
    debitAccountId: integer('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: integer('amount').notNull(),
    /** The member whose coins moved (their history lists it). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type').$type<CoinHistoryType>().notNull(),
    title: text('title').notNull(),
    source: text('source').$type<CoinSource>(),
    orderId: integer('order_id'),
    purchaseId: integer('purchase_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index('ledger_transfers_user_idx').on(t.userId, t.ledger, t.createdAt),
    // Coins spent on episodes per period (the dashboards' per-series figures, decision 0234).
    index('ledger_transfers_use_time_idx')
      .on(t.createdAt)
      .where(sql`${t.type} = 'USE' and ${t.purchaseId} is not null`),
  ],
);

/** A credit into a member's account, spent in the order of DESIGN §5 and expiring at `expiresAt`. */
export const coinLots = pgTable(
  'coin_lots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ledger: text('ledger').$type<CoinType>().notNull(),
    transferId: integer('transfer_id')
      .notNull()
      .unique()
      .references(() => ledgerTransfers.id),
    source: text('source').$type<CoinSource>().notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('coin_lots_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
    index('coin_lots_open_idx').on(t.userId, t.ledger).where(sql`${t.remaining} > 0`),
    index('coin_lots_expiry_idx').on(t.expiresAt).where(sql`${t.remaining} > 0`),
  ],
);

/** Which lot paid how much of a debit (a purchase, an expiry, a refund). */
export const lotAllocations = pgTable(
  'lot_allocations',
  {
    transferId: integer('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => coinLots.id),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transferId, t.lotId] }), index('lot_allocations_lot_idx').on(t.lotId)],
);

/** Coin products of the shop, per brand and display channel (spec §3 shop items). */
export const coinProducts = pgTable(
  'coin_products',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    channels: text('channels').array().$type<DisplayChannel[]>().notNull(),
    name: text('name').notNull(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    freeCoins: integer('free_coins').notNull().default(0),
    /** In the brand currency's minor unit. */
    price: integer('price').notNull(),
    salePrice: integer('sale_price'),
    percent: integer('percent'),
    marks: text('marks').array().$type<ProductMark[]>().notNull().default(sql`'{}'::text[]`),
    layout: text('layout').$type<Layout>().notNull().default('ICON_TEXT'),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    limitTotal: integer('limit_total'),
    limitPerUser: integer('limit_per_user'),
    soldCount: integer('sold_count').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_products_brand_idx').on(t.brandId, t.sortOrder),
    uniqueIndex('coin_products_brand_name_uq').on(t.brandId, t.name),
  ],
);

/** A member paying for a coin product: UNPAID, then PAID (coins charged) or FAILED/CANCELLED; REFUNDED. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    brandId: text('brand_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => coinProducts.id),
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider').$type<PaymentMethod>().notNull(),
    /** The provider's id of the payment (Stripe Checkout Session id). */
    providerRef: text('provider_ref').unique(),
    status: text('status').$type<OrderStatus>().notNull().default('UNPAID'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    productName: text('product_name').notNull(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull(),
    freeCoins: integer('free_coins').notNull(),
    returnPath: text('return_path'),
    /** What a discount coupon took off the product's price; `amount` is what is left to pay. */
    discount: integer('discount').notNull().default(0),
    /** The member's coupon applied (decision 0159): used once this order is PAID. */
    couponUserId: integer('coupon_user_id').references(() => couponUsers.id),
    /** The member's count of paid charges once this one was paid. */
    purchaseCount: integer('purchase_count').notNull().default(0),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_key_uq').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_coupon_user_idx').on(t.couponUserId).where(sql`${t.couponUserId} is not null`),
    // Sales and refunds of a brand per day (the dashboards, decision 0234).
    index('orders_brand_paid_idx').on(t.brandId, t.paidAt).where(sql`${t.paidAt} is not null`),
    index('orders_brand_refunded_idx').on(t.brandId, t.refundedAt).where(sql`${t.refundedAt} is not null`),
  ],
);

/** Provider notifications already applied (a webhook delivered twice is applied once). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').$type<PaymentMethod>().notNull(),
  orderId: integer('order_id').references(() => orders.id),
  receivedAt: createdAt(),
});

/** Episodes rented or bought with coins; the ownerships rows it wrote carry its id. */
export const episodePurchases = pgTable(
  'episode_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    brandId: text('brand_id').notNull(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id),
    kind: text('kind').$type<'RENT' | 'POSSESSION' | 'ALL_RENT' | 'ALL_POSSESSION'>().notNull(),
    episodeIds: integer('episode_ids').array().notNull(),
    price: integer('price').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('episode_purchases_user_key_uq').on(t.userId, t.idempotencyKey),
    // Purchases of a brand per day (the dashboards, decision 0234).
    index('episode_purchases_brand_time_idx').on(t.brandId, t.createdAt),
  ],
);

/**
 * The console's admins (issue 15, decision 0227): apart from reader accounts, with roles, an
 * argon2id password and a TOTP secret (encrypted with the auth secret). `brand_ids` empty means
 * every brand. Never deleted: a disabled admin's name stays on the audit log.
 */
export const adminAccounts = pgTable(
  'admin_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret').notNull(),
    roles: text('roles').array().notNull(),
    brandIds: text('brand_ids').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').$type<'ACTIVE' | 'DISABLED'>().notNull().default('ACTIVE'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The TOTP time step last accepted: a code is good once (replay refused). */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_accounts_email_uq').on(t.email),
    check('admin_accounts_status', sql`${t.status} in ('ACTIVE', 'DISABLED')`),
  ],
);

/** A console login: the opaque token's hash, ended by idleness, age, logout or disabling. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => adminAccounts.id),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admin_sessions_token_uq').on(t.tokenHash), index('admin_sessions_admin_idx').on(t.adminId)],
);

/**
 * Every admin action: who (a console admin; before issue 15, a reader account with the ADMIN
 * role), what, on which record, its state before and after, in which brand, from which address.
 * Written in the action's transaction; a trigger refuses every UPDATE and DELETE (decision 0230).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => adminAccounts.id),
    /** The reader account that acted, for entries older than the console. */
    memberAdminId: integer('member_admin_id').references(() => users.id),
    action: text('action').notNull(),
    brandId: text('brand_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetUserId: integer('target_user_id').references(() => users.id),
    before: jsonb('before'),
    after: jsonb('after'),
    details: jsonb('details').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_target_idx').on(t.targetUserId, t.createdAt),
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_record_idx').on(t.targetType, t.targetId),
    check('admin_audit_actor', sql`${t.adminId} is not null or ${t.memberAdminId} is not null`),
  ],
);

/**
 * Each use of a member's wait-until-free ticket of a series (issue 12), numbered per member and
 * series: the unique number is what spends a ticket once when two tabs use it at the same time,
 * and the unique key answers a retry with the first use (decision 0155).
 */
export const freetimeUses = pgTable(
  'freetime_uses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    brandId: text('brand_id').notNull(),
    /** 1 for the member's first ticket of the series, then 2, 3… */
    seq: integer('seq').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('freetime_uses_ticket_uq').on(t.userId, t.seriesId, t.seq),
    uniqueIndex('freetime_uses_user_key_uq').on(t.userId, t.idempotencyKey),
    // Tickets coming back (the notifications' scan, decision 0208).
    index('freetime_uses_used_idx').on(t.usedAt),
  ],
);

// ——— coupons (issue 12, decisions 0157–0160) ———

/** What a coupon gives (COIN, DISCOUNT, EPISODE_RENT, EPISODE_POSSESSION) and when it may be registered. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    coinType: text('coin_type').$type<CoinType>(),
    coins: integer('coins'),
    coinValidDays: integer('coin_valid_days'),
    discountPercent: integer('discount_percent'),
    /** In the brand currency's minor unit, as is the minimum. */
    discountAmount: integer('discount_amount'),
    minimumAmount: integer('minimum_amount'),
    usableDays: integer('usable_days'),
    episodeId: integer('episode_id').references(() => episodes.id),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The console admin who made it; null for the demo seed's and those made before the console. */
    createdBy: integer('created_by').references(() => adminAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('coupons_brand_idx').on(t.brandId, t.createdAt)],
);

/**
 * The codes of a coupon, stored only as a hash of their canonical form (decision 0158): looked up
 * by its unique index, never compared as text. `maxUses` null is a shared code without a limit.
 */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    codeHash: text('code_hash').notNull(),
    maxUses: integer('max_uses'),
    useCount: integer('use_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_codes_hash_uq').on(t.codeHash),
    index('coupon_codes_coupon_idx').on(t.couponId),
    check('coupon_codes_uses', sql`${t.useCount} >= 0 and (${t.maxUses} is null or ${t.useCount} <= ${t.maxUses})`),
  ],
);

/** A coupon a member registered: once per member and coupon (ALREADY_RECEIVED_COUPON). */
export const couponUsers = pgTable(
  'coupon_users',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    codeId: integer('code_id')
      .notNull()
      .references(() => couponCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    /** Until when a discount may be applied (null: no end). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When coins or a ticket were given (at registration); a discount's use is its paid order. */
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    /** Until when the coins or the rental given last. */
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_users_member_uq').on(t.userId, t.couponId),
    index('coupon_users_user_idx').on(t.userId, t.registeredAt),
    // Registrations per day (the dashboards, decision 0234).
    index('coupon_users_registered_idx').on(t.registeredAt),
    // Discounts about to expire (the notifications' scan, decision 0208).
    index('coupon_users_expiry_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
  ],
);

// ——— gifts (issue 12, decisions 0161–0163) ———

/**
 * What an admin sent: coins of one type, or episodes of one series to keep or rent, with the
 * time by which it must be received. One row per sending; `gifts` has one row per target. The
 * admin's key makes a retried sending answer the first one.
 */
export const giftInfos = pgTable(
  'gift_infos',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    kind: text('kind').$type<GiftKind>().notNull(),
    title: text('title').notNull(),
    message: text('message'),
    coinType: text('coin_type').$type<CoinType>(),
    coinAmount: integer('coin_amount'),
    /** Days the coins stay valid once received; null when they never expire. */
    coinValidDays: integer('coin_valid_days'),
    seriesId: integer('series_id').references(() => series.id),
    episodeIds: integer('episode_ids').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The console admin who sent it; null for gifts sent before the console (the audit log names them). */
    createdBy: integer('created_by').references(() => adminAccounts.id),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_infos_admin_key_uq').on(t.createdBy, t.idempotencyKey),
    check(
      'gift_infos_content',
      sql`(${t.kind} = 'COIN' and ${t.coinType} is not null and ${t.coinAmount} > 0)
        or (${t.kind} <> 'COIN' and ${t.seriesId} is not null and cardinality(${t.episodeIds}) > 0)`,
    ),
  ],
);

/**
 * One gift waiting in, received from or expired out of a member's box. A USER gift names its
 * member; a MAIL gift names an address and gets its member when an account of the brand holds
 * that confirmed address (at sending, or when the account is confirmed later).
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    infoId: integer('info_id')
      .notNull()
      .references(() => giftInfos.id),
    brandId: text('brand_id').notNull(),
    targetType: text('target_type').$type<Target>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The MAIL target, lower-cased. */
    email: text('email'),
    status: text('status').$type<GiftStatus>().notNull().default('WAITING'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** The EXPIRE entry of a gift never received (decision 0162). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('gifts_user_status_idx').on(t.userId, t.status, t.expiresAt),
    index('gifts_mail_waiting_idx').on(t.brandId, t.email).where(sql`${t.userId} is null and ${t.status} = 'WAITING'`),
    index('gifts_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'WAITING'`),
    check(
      'gifts_target',
      sql`(${t.targetType} = 'USER' and ${t.userId} is not null) or (${t.targetType} = 'MAIL' and ${t.email} is not null)`,
    ),
  ],
);

// ——— notices, FAQ and policies (issue 13, decisions 0180–0186; owned by modules/support) ———

/**
 * The brand's notices (/notice): pinned ones first, then the newest. `body` is stored already
 * sanitised to the spec §9 allowlist. `publishedAt` null is a draft; a later one is scheduled.
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The console admin who wrote it (null before the console; the audit log names them). */
    authorId: integer('author_id').references(() => adminAccounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notices_brand_list_idx').on(t.brandId, t.pinned, t.publishedAt, t.id)],
);

/** Categories of a brand's FAQ, in `position` order. */
export const faqCategories = pgTable(
  'faq_categories',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('faq_categories_brand_idx').on(t.brandId, t.position)],
);

/**
 * Questions and answers of a FAQ category. `answer` is stored sanitised; `searchText` is the
 * question and the answer's text in the search form (normalizeSearchText), for /faq?q=.
 */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'restrict' }),
    brandId: text('brand_id').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    searchText: text('search_text').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('faq_entries_category_idx').on(t.categoryId, t.position), index('faq_entries_brand_idx').on(t.brandId)],
);

/**
 * Versions of a brand's terms (TERMS) and privacy policy (PRIVACY), numbered 1, 2, 3… and never
 * edited. The one in force is the latest whose `inForceAt` has come (decision 0184).
 */
export const policies = pgTable(
  'policies',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    kind: text('kind').$type<PolicyKind>().notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    inForceAt: timestamp('in_force_at', { withTimezone: true }).notNull(),
    /** The console admin who wrote it (null before the console; the audit log names them). */
    authorId: integer('author_id').references(() => adminAccounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('policies_version_uq').on(t.brandId, t.kind, t.version),
    index('policies_in_force_idx').on(t.brandId, t.kind, t.inForceAt),
    check('policies_kind', sql`${t.kind} in ('TERMS', 'PRIVACY')`),
    check('policies_version_positive', sql`${t.version} > 0`),
  ],
);

/** Who runs each brand's service, shown with its policies (decision 0185). */
export const brandCompanies = pgTable('brand_companies', {
  brandId: text('brand_id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  representative: text('representative'),
  registrationNumber: text('registration_number'),
  email: text('email').notNull(),
  phone: text('phone'),
  updatedBy: integer('updated_by').references(() => adminAccounts.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

// ——— contact requests (issue 13 item 4, decisions 0200–0204; owned by modules/contact) ———

/**
 * A member's contact request (/qna): WAIT until an admin answers, then COMPLETED with the answer,
 * when and by whom. Counted per member and day in the brand's zone for LIMIT_QNA_COUNT.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<ContactCategory>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    status: text('status').$type<ContactStatus>().notNull().default('WAIT'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => adminAccounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_requests_user_idx').on(t.userId, t.createdAt),
    index('contact_requests_brand_status_idx').on(t.brandId, t.status, t.createdAt),
    check('contact_requests_status', sql`${t.status} in ('WAIT', 'COMPLETED')`),
    check(
      'contact_requests_answered',
      sql`(${t.status} = 'WAIT' and ${t.answer} is null) or (${t.status} = 'COMPLETED' and ${t.answer} is not null and ${t.answeredAt} is not null)`,
    ),
  ],
);

/** The images of a request (at most 3), re-encoded and kept under a private media key (decision 0201). */
export const contactAttachments = pgTable(
  'contact_attachments',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => contactRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaKey: text('media_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.position] }),
    check('contact_attachments_position', sql`${t.position} between 0 and 2`),
  ],
);

// ——— comments (issue 13, decisions 0190–0194; owned by modules/comments) ———

/**
 * Comments on episodes, per brand (accounts are per brand). `state` null is shown; REPORT is shown
 * and waits for an admin; BLIND (enough reports, or an admin) and DELETED (by its author) keep
 * their row but lose their text for readers. The counts follow `comment_likes` and `comment_reports`.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    spoiler: boolean('spoiler').notNull().default(false),
    state: text('state').$type<'REPORT' | 'BLIND' | 'DELETED'>(),
    likeCount: integer('like_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_episode_newest_idx').on(t.episodeId, t.brandId, t.createdAt, t.id),
    index('comments_episode_best_idx').on(t.episodeId, t.brandId, t.likeCount, t.createdAt),
    index('comments_series_newest_idx').on(t.seriesId, t.brandId, t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId, t.createdAt, t.id),
    index('comments_moderation_idx').on(t.brandId, t.state, t.updatedAt).where(sql`${t.state} in ('REPORT', 'BLIND')`),
    check('comments_state', sql`${t.state} is null or ${t.state} in ('REPORT', 'BLIND', 'DELETED')`),
    check('comments_counts', sql`${t.likeCount} >= 0 and ${t.reportCount} >= 0`),
  ],
);

/** A member's like of a comment: once per member (the key), so a like is idempotent. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);

/** A member's report of a comment: once per member, counted towards BLIND (decision 0192). */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_reports_user_idx').on(t.userId)],
);

/** A member (blocker) who no longer sees another member's (blocked) comments (spec §3 BLOCK). */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    id: serial('id').primaryKey(),
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_blocks_pair_uq').on(t.blockerId, t.blockedId),
    index('member_blocks_blocked_idx').on(t.blockedId),
    check('member_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

// ——— notifications (issue 13 item 6, decisions 0205–0212; owned by modules/notifications) ———

/**
 * A member's notification, kept 30 days (spec §9). The unique key (member, kind, dedupe key) makes
 * every trigger and scan safe to run twice. Its push waits in `pushState` PENDING until `pushAt`
 * (the end of the night when deferred, or a sending replica's lease), then is SENT or SKIPPED.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    subject: text('subject').notNull(),
    seriesId: integer('series_id').references(() => series.id, { onDelete: 'cascade' }),
    episodeId: integer('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    number: integer('number'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    pushState: text('push_state').$type<'PENDING' | 'SENT' | 'SKIPPED'>().notNull().default('PENDING'),
    pushAt: timestamp('push_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.kind, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_push_due_idx').on(t.pushAt).where(sql`${t.pushState} = 'PENDING'`),
    index('notifications_created_idx').on(t.createdAt),
    check('notifications_push_state', sql`${t.pushState} in ('PENDING', 'SENT', 'SKIPPED')`),
  ],
);

/** A browser's Web Push subscription; one endpoint belongs to the member who registered it last. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** Up to when each notification scan has looked (new episodes, expiries), so the next looks only later. */
export const notificationScans = pgTable('notification_scans', {
  name: text('name').primaryKey(),
  scannedUntil: timestamp('scanned_until', { withTimezone: true }).notNull(),
});

// ——— transfer (account transfer and maintenance, issue 16; decisions 0250–0253) ———

/**
 * A member's account transfer (spec §1): one per member (unique user), irreversible. It keeps
 * the consent as given and the signed file of what was transferred, exactly as it was handed over.
 */
export const accountTransfers = pgTable(
  'account_transfers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    brandId: text('brand_id').notNull(),
    consentItems: jsonb('consent_items').$type<TransferConsentItem[]>().notNull(),
    consentVersion: text('consent_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    clientIp: text('client_ip').notNull(),
    summary: jsonb('summary').$type<TransferSummary>().notNull(),
    /** The signed file's document (JSON text), its signature and the key that signed it. */
    document: text('document').notNull(),
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_transfers_user_uq').on(t.userId), index('account_transfers_brand_idx').on(t.brandId)],
);

/** An operator's end of a brand's transfer period, instead of the brand's configured one. */
export const transferPeriods = pgTable('transfer_periods', {
  brandId: text('brand_id').primaryKey(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The maintenance switch of spec §2 /prepare, per brand or for every brand (scope '*'). */
export const maintenanceSwitches = pgTable('maintenance_switches', {
  scope: text('scope').primaryKey(),
  active: boolean('active').notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

// ——— identity (issue 16 item 5): the Korean carrier check and the iOS guest's move ———

/**
 * One Korean mobile-carrier identity check (GET /nice/encode, decision 0270): the request number
 * sent to the provider, bound to one member, used once before it expires.
 */
export const identityAttempts = pgTable(
  'identity_attempts',
  {
    /** The request number (random, 128 bits) the provider's result must name. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: text('brand_id').notNull(),
    provider: text('provider').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('identity_attempts_user_idx').on(t.userId, t.createdAt)],
);

/** An iOS guest moved to a web account (POST /auth/sign-in/jp/apple/migrate, decision 0272): once per guest. */
export const appleGuestMigrations = pgTable('apple_guest_migrations', {
  guestId: integer('guest_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The web account: another member, or the guest itself when it became one (isSignUp). */
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  brandId: text('brand_id').notNull(),
  isSignUp: boolean('is_sign_up').notNull(),
  migratedAt: timestamp('migrated_at', { withTimezone: true }).notNull(),
});

// ——— events (modules/events; decisions 0240–0249) ———

/** A look an event wears (colours, a banner), chosen by the console for each event. */
export const eventThemes = pgTable(
  'event_themes',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    name: text('name').notNull(),
    primaryColor: text('primary_color').notNull(),
    accentColor: text('accent_color').notNull(),
    bannerKey: text('banner_key'),
    createdAt: createdAt(),
  },
  (t) => [index('event_themes_brand_idx').on(t.brandId)],
);

/**
 * An event of a brand, running from `startsAt` to `endsAt`. `drawSeed` is the roulette's server
 * secret, kept from members until the event ends; its SHA-256 (`drawSeedHash`) is shown from the start.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    kind: text('kind').$type<EventKind>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    themeId: integer('theme_id').references(() => eventThemes.id),
    audience: text('audience').$type<EventAudience>().notNull().default('ALL'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    drawSeed: text('draw_seed').notNull(),
    drawSeedHash: text('draw_seed_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_brand_period_idx').on(t.brandId, t.endsAt, t.startsAt),
    check('events_period', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * What an event gives (spec §3 reward kinds): freeEarn `amount` of `type` (per stamp, or every
 * `streakDays`-th day in a row), addEarn `percent` extra coins of `type` on each charge, discount
 * `percent` off episodes bought or rented while the event runs.
 */
export const eventRewards = pgTable(
  'event_rewards',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EventRewardKind>().notNull(),
    type: text('type').$type<RewardType>(),
    amount: integer('amount'),
    percent: integer('percent'),
    streakDays: integer('streak_days'),
    validDays: integer('valid_days'),
  },
  (t) => [
    index('event_rewards_event_idx').on(t.eventId),
    check(
      'event_rewards_shape',
      sql`(${t.kind} = 'freeEarn' and ${t.type} is not null and ${t.amount} > 0 and ${t.percent} is null)
        or (${t.kind} = 'addEarn' and ${t.type} in ('FREE_COIN', 'BONUS', 'MILEAGE') and ${t.percent} between 1 and 100)
        or (${t.kind} = 'discount' and ${t.type} is null and ${t.percent} between 1 and 90)`,
    ),
  ],
);

/** A roulette's prizes, in wheel order (`position`), drawn in proportion to `weight`. */
export const eventPrizes = pgTable(
  'event_prizes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').$type<CoinType>().notNull(),
    amount: integer('amount').notNull(),
    weight: integer('weight').notNull(),
  },
  (t) => [
    uniqueIndex('event_prizes_position_uq').on(t.eventId, t.position),
    check('event_prizes_positive', sql`${t.amount} > 0 and ${t.weight} > 0`),
  ],
);

/** One attendance stamp per member, event and day of the brand's zone; `streak` counts days in a row. */
export const attendanceStamps = pgTable(
  'attendance_stamps',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    streak: integer('streak').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('attendance_stamps_day_uq').on(t.eventId, t.userId, t.day)],
);

/**
 * A roulette ticket (spec §3 ROULETTE_TICKET): not a coin, a row granted once under `sourceKey`
 * (a stamp's reward, an emoticon's, an admin's grant) and used by one spin.
 */
export const rouletteTickets = pgTable(
  'roulette_tickets',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<RouletteTicketSource>().notNull(),
    sourceKey: text('source_key').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('roulette_tickets_source_uq').on(t.sourceKey),
    index('roulette_tickets_unused_idx').on(t.userId, t.id).where(sql`${t.usedAt} is null`),
  ],
);

/**
 * A spin: the ticket it used (once), the seed HMAC-SHA256(event's drawSeed, ticket id), the
 * weights it was drawn over and the prize won, so that every draw can be recomputed (decision 0242).
 */
export const rouletteSpins = pgTable(
  'roulette_spins',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => rouletteTickets.id, { onDelete: 'cascade' }),
    requestKey: text('request_key').notNull(),
    seed: text('seed').notNull(),
    weights: integer('weights').array().notNull(),
    prizeIndex: integer('prize_index').notNull(),
    prizeType: text('prize_type').$type<CoinType>().notNull(),
    prizeAmount: integer('prize_amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('roulette_spins_ticket_uq').on(t.ticketId),
    uniqueIndex('roulette_spins_request_uq').on(t.userId, t.requestKey),
    index('roulette_spins_event_idx').on(t.eventId, t.id),
  ],
);

/** A member's one emoticon reaction to an emoticon event. */
export const emoticonEntries = pgTable(
  'emoticon_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoticon: text('emoticon').$type<Emoticon>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emoticon_entries_member_uq').on(t.eventId, t.userId)],
);

// ——— notifications: the native apps' push tokens (decisions 0285–0287) ———

/**
 * A native app's push token for a member (FCM for the Android apps, APNs for the iOS app), as the
 * app registered it; deleted with the account, on the app's logout, or when the service no longer knows it.
 */
export const appPushTokens = pgTable(
  'app_push_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service').$type<'FCM' | 'APNS'>().notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('app_push_tokens_service_token_uq').on(t.service, t.token),
    index('app_push_tokens_user_idx').on(t.userId),
  ],
);

// ——— address (modules/users; decision 0280): the member's delivery address of spec §3 ———

/** A member's one delivery address (event goods, invoices); deleted with the account's withdrawal. */
export const userAddresses = pgTable('user_addresses', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  city: text('city').notNull(),
  zipCode: text('zip_code').notNull(),
  country: text('country').notNull(),
  phoneCallingCode: text('phone_calling_code').notNull(),
  phoneNumber: text('phone_number').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
