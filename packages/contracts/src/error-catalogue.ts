// The error catalogue of spec §8: every failure the api answers is one of these codes, with the
// HTTP status it travels with, a default English message (clients translate by code) and the
// follow-up the client offers. Free of schemas, so the browser reads it (`@balcony/contracts/plain`)
// without zod; the codes' schemas and AppError are in errors.ts.

/** What the client does after showing the message (spec §8 "follow-up"); its schema is errors.ts' FollowUpAction. */
export const FOLLOW_UP_ACTIONS = ['reload', 'login', 'home', 'shop', 'adult', 'back', 'logout', 'none'] as const;

export interface ErrorSpec {
  readonly status: number;
  readonly message: string;
  readonly action: (typeof FOLLOW_UP_ACTIONS)[number];
}

/**
 * Grouped as in spec §8; a code listed in several groups appears once, under its first group.
 * The last group holds the few codes an HTTP API needs that the spec lacks (docs/decisions/0073-error-codes-added.md).
 */
export const ERROR_CATALOGUE = {
  // Session
  NOT_LOGIN_USER: { status: 401, message: 'Please log in to continue.', action: 'login' },
  MALFORMED_JWT: { status: 401, message: 'Your session is invalid. Please log in again.', action: 'logout' },
  NOT_EXIST: { status: 404, message: 'The requested item does not exist.', action: 'home' },
  EMPTY_EMAIL: { status: 400, message: 'An e-mail address is required.', action: 'none' },

  // Gift
  ALREADY_GIVEN_GIFT: { status: 409, message: 'This gift has already been received.', action: 'reload' },
  NOT_FOUND_GIFT: { status: 404, message: 'This gift could not be found.', action: 'reload' },
  NOT_FOUND_GIFT_INFO: { status: 404, message: 'The details of this gift could not be found.', action: 'reload' },
  UN_MATCHED_GIFT_TARGET_TYPE: { status: 403, message: 'Invalid access.', action: 'back' },

  // Points
  MILEAGE_INSUFFICIENT: { status: 402, message: 'You do not have enough points.', action: 'none' },
  EXCHANGE_MILEAGE_INSUFFICIENT: {
    status: 422,
    message: 'Points are exchanged from 3,000, in steps of 100.',
    action: 'none',
  },

  // Purchase
  RENT_PURCHASE_IMPOSSIBLE: { status: 409, message: 'Your rental of this episode is still running.', action: 'none' },
  POSSESSION_PURCHASE_IMPOSSIBLE: { status: 409, message: 'You have already bought this episode.', action: 'none' },
  EXIST_LIBRARY: { status: 409, message: 'This episode is already in your library.', action: 'none' },
  COIN_INSUFFICIENT: { status: 402, message: 'You do not have enough coins.', action: 'shop' },
  ADULT_ONLY_CONTENTS: {
    status: 403,
    message: 'This content is for adults only. Please confirm your age.',
    action: 'adult',
  },
  UN_MATCHED_RENT_SALE_TYPE: { status: 422, message: 'This episode can only be bought, not rented.', action: 'none' },
  UN_MATCHED_POSSESSION_SALE_TYPE: {
    status: 422,
    message: 'This episode can only be rented, not bought.',
    action: 'none',
  },

  // Detail
  INVALID_CONTENTS: { status: 404, message: 'This content is not available.', action: 'home' },

  // Login
  ALREADY_USED_EMAIL: { status: 409, message: 'This e-mail address is already in use.', action: 'none' },
  INVALID_PASSWORD: { status: 400, message: 'Please enter your password.', action: 'none' },
  INVALID_PW_REGEX: {
    status: 400,
    message: 'Use 8 to 20 characters with at least two of: letters, digits, special characters.',
    action: 'none',
  },
  INCORRECT_PASSWORD: { status: 401, message: 'The password is incorrect.', action: 'none' },
  INVALID_MAIL_FORM: { status: 400, message: 'Please enter a valid e-mail address.', action: 'none' },
  Callback: { status: 401, message: 'Login was cancelled.', action: 'login' },
  DUPLICATE_LOGIN: { status: 429, message: 'Please try again in 1 hour.', action: 'none' },
  WITHDRAWAL: { status: 410, message: 'This account has been deleted.', action: 'home' },
  NOT_REGISTERED_USER: { status: 404, message: 'No account uses this e-mail address.', action: 'none' },
  ALREADY_USED_ANOTHER_PLATFORM: {
    status: 409,
    message: 'This e-mail address is already used with another login method.',
    action: 'none',
  },
  EXCEED_AUTH_COUNT: {
    status: 429,
    message: 'Too many failed attempts (5). Please try again in 1 hour.',
    action: 'none',
  },

  // Refresh
  EXPIRED_REFRESH_TOKEN: { status: 401, message: 'Your session has expired. Please log in again.', action: 'logout' },
  NOT_FOUND_REFRESH_TOKEN: { status: 401, message: 'Your session has ended. Please log in again.', action: 'logout' },
  // Clients refresh and retry once on their own; a user only sees it when that retry failed too.
  NEED_TO_REFRESH: { status: 401, message: 'Your session needs to be renewed.', action: 'reload' },

  // Viewer
  UNAUTHORIZED_CONTENTS: { status: 403, message: 'You do not have access to this episode.', action: 'back' },
  NOT_FOUND_EPISODE: { status: 404, message: 'This episode could not be found.', action: 'back' },
  NOT_FOUND_ACCESS_TOKEN: { status: 401, message: 'Your session has ended. Please log in again.', action: 'logout' },
  // Wait-until-free ticket (issue 12; spec §8 names no code for these, decision 0155).
  NOT_REMAIN_FREETIME_TICKET: {
    status: 409,
    message: 'Your wait-until-free ticket for this series is not back yet.',
    action: 'none',
  },
  UN_MATCHED_FREETIME_EPISODE: {
    status: 422,
    message: 'A wait-until-free ticket cannot open this episode.',
    action: 'none',
  },

  // Event and theme
  NOT_FOUND_EVENT: { status: 404, message: 'This event could not be found.', action: 'home' },
  NOT_EVENT_PERIOD: { status: 403, message: 'This event is not running now.', action: 'back' },
  UNAUTHORIZED_USER: { status: 403, message: 'You are not eligible for this event.', action: 'back' },
  UNAUTHORIZED_ADULT: { status: 403, message: 'This event is for adults only.', action: 'adult' },
  UNAUTHORIZED_NON_ADULT: { status: 403, message: 'This event is for minors only.', action: 'back' },
  NOT_EVENT_REMAIN_TICKET: { status: 409, message: 'You have no tickets left.', action: 'none' },
  NOT_FOUND_THEME: { status: 404, message: 'This theme could not be found.', action: 'home' },

  // Coupon
  NOT_FOUND_COUPON_USER: { status: 404, message: 'This coupon is not in your account.', action: 'none' },
  INVALID_MINIMUM_AMOUNT_COUPON: {
    status: 422,
    message: 'The amount is below the minimum for this coupon.',
    action: 'none',
  },
  ALREADY_USED_COUPON: { status: 409, message: 'This coupon has already been used.', action: 'none' },
  NOT_FOUND_COUPON: { status: 404, message: 'This coupon code is not valid.', action: 'none' },
  EXPIRED_COUPON: { status: 410, message: 'This coupon has expired.', action: 'none' },
  ALREADY_RECEIVED_COUPON: { status: 409, message: 'You have already received this coupon.', action: 'none' },
  SOLD_OUT_COUPON: { status: 409, message: 'This coupon has run out.', action: 'none' },

  // Payment
  ALREADY_PAID: { status: 409, message: 'This payment has already been made.', action: 'reload' },
  NOT_FOUND_PAYMENT_METHOD: { status: 404, message: 'This payment method is not available.', action: 'reload' },
  NOT_FOUND_COIN_PRODUCT: { status: 404, message: 'This product could not be found.', action: 'reload' },
  LIMITED_COIN_PRODUCT: { status: 409, message: 'This product is sold out.', action: 'reload' },
  LIMITED_COIN_PRODUCT_USER: {
    status: 409,
    message: 'You have reached the purchase limit for this product.',
    action: 'none',
  },
  // Not in spec §8, which names no code for these (docs/decisions/0141-coin-shop.md).
  FORBIDDEN: { status: 403, message: 'You may not do this.', action: 'back' },
  REQUIRED_AGREEMENT: { status: 422, message: 'Please accept every required condition first.', action: 'none' },
  NOT_REFUNDABLE: {
    status: 409,
    message: 'This charge can no longer be refunded: 7 days have passed or some of its coins were used.',
    action: 'none',
  },

  // Password reset and find password
  TIMEOUT: { status: 410, message: 'The time limit has passed. Please start again.', action: 'back' },
  NOT_LOCAL_LOGIN_USER: {
    status: 409,
    message: 'This account logs in with a social provider; change the password on its site.',
    action: 'none',
  },
  EQUAL_PASSWORD: { status: 400, message: 'The new password must differ from the current one.', action: 'none' },
  UNKNOWN: { status: 400, message: 'Something went wrong. Please try again.', action: 'reload' },
  FREQUENT_REQUEST: { status: 429, message: 'Please try again in 5 minutes.', action: 'none' },
  NOT_FOUND_USER: { status: 404, message: 'No matching account was found.', action: 'none' },

  // SMS
  NOT_FOUND_SMS_USER: { status: 404, message: 'This phone number is not registered. Please check it.', action: 'none' },
  ALREADY_SEND_SMS: { status: 429, message: 'A code has already been sent. Please wait a moment.', action: 'none' },
  ALREADY_USE_SMS: { status: 409, message: 'This code has already been used. Please try again later.', action: 'none' },

  // Sign-up mail and OTP
  INVALID_EMAIL: { status: 400, message: 'This e-mail address cannot be used.', action: 'none' },
  DELETED_USER: { status: 403, message: 'You can sign up again 30 days after withdrawal.', action: 'none' },
  INVALID_PARAMETER: { status: 400, message: 'Please check what you entered.', action: 'none' },
  EXPIRED_OTP: { status: 410, message: 'The code has expired. Please request a new one.', action: 'none' },

  // Contact
  LIMIT_QNA_COUNT: { status: 429, message: 'You have reached the daily limit of inquiries.', action: 'none' },

  // Sign-up event mail
  ALREADY_AUTH_MAIL: {
    status: 409,
    message: 'This e-mail address is already verified; the 10-coin reward is given once per account.',
    action: 'none',
  },
  INVALID_USER: { status: 403, message: 'This account is not eligible.', action: 'none' },

  // Added for the HTTP API (not in the spec)
  UNKNOWN_BRAND: { status: 400, message: 'Unknown or missing brand (x-balcony-id).', action: 'none' },
  INVALID_HEADER: {
    status: 400,
    message: 'Missing or invalid request header (x-platform or x-balcony-timeZone).',
    action: 'none',
  },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again.', action: 'reload' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests. Please try again shortly.', action: 'reload' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is busy or restarting. Please try again shortly.',
    action: 'reload',
  },
  // The account transfer of spec §1 and §4, where §8 names no code (decision 0251).
  NOT_TRANSFER_PERIOD: { status: 403, message: 'The account transfer period has ended.', action: 'home' },
  ALREADY_TRANSFERRED: { status: 409, message: 'This account has already been transferred.', action: 'none' },
  // The maintenance switch of spec §2 /prepare, answered to the apps (decision 0253).
  SERVICE_MAINTENANCE: {
    status: 503,
    message: 'The service is under maintenance. Please come back later.',
    action: 'reload',
  },
  NOT_FOUND_ROUTE: { status: 404, message: 'This page does not exist.', action: 'home' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function errorSpec(code: ErrorCode): ErrorSpec {
  return ERROR_CATALOGUE[code];
}
