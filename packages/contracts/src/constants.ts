// Business constants and limits of spec §9 (and the few numbers of §2/§4/§8 they go with), named
// once so that api and web cannot drift. Durations end in _MS, _DAYS or are seconds where named.
// Image widths and quality live with the media schemas in catalog.ts.

// ——— time units ———

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// ——— age and dates ———

/** Default adult age; each brand carries its own `adultAge`. */
export const ADULT_AGE = 18;
/** Date format of the documented brand; each brand carries its own `dateFormat`. */
export const DATE_FORMAT = 'dd.MM.yyyy';
/** The birthday picker offers the last 100 years plus the next one (spec §2); older dates are rejected. */
export const BIRTHDAY_PICKER_YEARS = 100;

// ——— history, points, coins ———

/** How far back each history list reaches. */
export const HISTORY_WINDOW_DAYS = { charge: 90, use: 90, mileage: 180 } as const;

export const MILEAGE_MIN_EXCHANGE = 3000;
/** Points are exchanged in steps of 100 (= 5 coins at 20 points per coin); see docs/decisions/0066-points-per-coin-and-exchange-unit.md. */
export const MILEAGE_EXCHANGE_UNIT = 100;
/** Default rate; each brand carries its own `pointsPerCoin`. */
export const POINTS_PER_COIN = 20;
/**
 * Default share of a paid charge's coins given back as points, in percent of their value at the
 * brand's rate (5 % of 20 points per coin = 1 point per paid coin); each brand carries its own
 * `pointsEarnPercent` (docs/decisions/0165-points-earned-on-paid-charges.md).
 */
export const POINTS_EARN_PERCENT = 5;
/** Default days earned points last: the points history's window (spec §9); each brand carries its own `pointsValidDays`. */
export const POINTS_VALID_DAYS = 180;
export const EXCHANGED_BONUS_VALID_DAYS = 30;
export const COIN_REFUND_DAYS = 7;
/** Validity of the bonus and free coins a coin product gives (docs/decisions/0141-coin-shop.md). */
export const PRODUCT_BONUS_VALID_DAYS = 90;
export const PRODUCT_FREE_COIN_VALID_DAYS = 30;
/** Coins of the sign-up event mail, once per account (spec §8 ALREADY_AUTH_MAIL). */
export const SIGNUP_MAIL_REWARD_COINS = 10;
/** The reward is free coins (not paid COIN), valid like a product's free coins (docs/decisions/0164-sign-up-mail-reward.md). */
export const SIGNUP_MAIL_REWARD_TYPE = 'FREE_COIN';
export const SIGNUP_MAIL_REWARD_VALID_DAYS = 30;

// ——— screens ———

export const SEARCH_DELAY_MS = 1000;
export const BANNER_SLIDE_MS = 5000;
/** Ranking length for visitors and non-adult members. */
export const RANKING_NON_ADULT_COUNT = 20;
export const HOME_WEEKLY_ADD_TIME = 2;
/** Notices listed on a series detail page. */
export const DETAIL_NOTICE_COUNT = 2;
export const NOTICE_NAV_CACHE_MS = 5 * MINUTE_MS;
export const SCROLL_THROTTLE_MS = 200;
export const TOAST_MS = 3 * SECOND_MS;
export const LAZY_MARGIN_PX = 200;

// ——— input limits ———

export const COMMENT_MAX_LENGTH = 500;
/** Reports by different members that hide a comment (BLIND) until an admin restores it (decision 0192). */
export const COMMENT_BLIND_REPORTS = 5;
export const CONTACT_MAX_IMAGES = 3;
export const CONTACT_MAX_IMAGE_BYTES = 3 * 1024 * 1024;
/** Copyright report attachments: up to 3 images of 1080 × 1686. */
export const COPYRIGHT_IMAGES = { count: 3, width: 1080, height: 1686 } as const;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
/** Older accounts may hold 6-character passwords (spec §5 "older texts"), so login accepts them. */
export const LEGACY_PASSWORD_MIN_LENGTH = 6;

// ——— codes, links, locks ———

export const RESET_LINK_TTL_MS = HOUR_MS;
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = HOUR_MS;
export const SMS_CODE_TTL_MS = 10 * MINUTE_MS;
export const FREETIME_UNLOCK_MS = 72 * HOUR_MS;
/** How long a rented episode stays open (docs/decisions/0142-episode-purchases.md). */
export const RENTAL_MS = 72 * HOUR_MS;
export const RESIGNUP_BLOCK_DAYS = 30;
export const RESIGNUP_BLOCK_MS = RESIGNUP_BLOCK_DAYS * DAY_MS;
export const NOTIFICATION_KEEP_DAYS = 30;
export const LOGIN_LOCK_MS = HOUR_MS;
export const LOGIN_MAX_FAILURES = 5;
/** Night push window, hours in the user's local time: from 22:00 to 04:00. */
export const NIGHT_PUSH_START = 22;
export const NIGHT_PUSH_END = 4;

// ——— network and storage ———

export const REQUEST_TIMEOUT_MS = 30 * SECOND_MS;
export const QUERY_CACHE_MS = HOUR_MS;
/** Cookie lifetimes in seconds. */
export const COOKIE_MAX_AGE = {
  marketing: 7200,
  check: 600,
  signUpFlags: 3600,
  fingerprint: 86400,
  adultPopup: 86400,
  tokenRenew: 3600,
} as const;
/** Share of sessions whose browser fingerprint is monitored (0.1 %). */
export const FINGERPRINT_SAMPLE_RATE = 0.001;

// ——— layout (CSS pixels) ———

export const LAYOUT = {
  maxContentWidth: 720,
  topBar: 78,
  headerBar: 48,
  bottomBar: 50,
  tab: 48,
  detailBottomBar: 62,
  loginButton: 48,
  adultSwitch: { w: 50, h: 30 },
  checkboxIcon: 20,
  upButtonRight: { desktop: 20, mobile: 10 },
  /** Desktop layout when the window is wider than this. */
  desktopMinWidth: 600,
  modalZ: { min: 2000, max: 5000 },
} as const;

/** Label HTML from the back office may use only these tags, each with only these attributes. */
export const LABEL_HTML_ALLOWLIST: Readonly<Record<'span' | 'br' | 'a' | 'div', readonly string[]>> = {
  span: ['style'],
  br: [],
  a: ['style', 'href'],
  div: ['style'],
};

/**
 * Widths of image renditions: the device widths of spec §9 (640 and up), and below them widths
 * for slots smaller than the screen (thumbnails, covers, episode icons; decision 0177).
 */
export const IMAGE_WIDTHS = [128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_QUALITY = 75;
