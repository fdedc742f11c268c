import type { AuthClientError, ErrorCode, FollowUpAction } from '@balcony/contracts';
import { ERROR_CATALOGUE } from '@balcony/contracts/plain';

// The one list of failures the web explains: each code has a message under `Errors` in
// messages/*.json and a follow-up. Catalogue codes (spec §8) take their follow-up from
// ERROR_CATALOGUE; the few codes the web names itself declare theirs here.

/** The catalogue codes the web puts into words; any other code reads as a fallback (`messageCode`). */
const EXPLAINED_CATALOGUE_CODES = [
  // session
  'NOT_LOGIN_USER',
  'MALFORMED_JWT',
  'EXPIRED_REFRESH_TOKEN',
  'NOT_FOUND_REFRESH_TOKEN',
  'NOT_FOUND_ACCESS_TOKEN',
  // series and episodes
  'NOT_EXIST',
  'ADULT_ONLY_CONTENTS',
  'UNAUTHORIZED_CONTENTS',
  'NOT_FOUND_EPISODE',
  'INVALID_CONTENTS',
  // episode purchases (spec §8 Purchase)
  'COIN_INSUFFICIENT',
  'RENT_PURCHASE_IMPOSSIBLE',
  'POSSESSION_PURCHASE_IMPOSSIBLE',
  'EXIST_LIBRARY',
  'UN_MATCHED_RENT_SALE_TYPE',
  'UN_MATCHED_POSSESSION_SALE_TYPE',
  // the wait-until-free ticket (issue 12)
  'NOT_REMAIN_FREETIME_TICKET',
  'UN_MATCHED_FREETIME_EPISODE',
  // coupons (spec §8 Coupon)
  'NOT_FOUND_COUPON',
  'EXPIRED_COUPON',
  'ALREADY_USED_COUPON',
  'ALREADY_RECEIVED_COUPON',
  'SOLD_OUT_COUPON',
  'NOT_FOUND_COUPON_USER',
  'INVALID_MINIMUM_AMOUNT_COUPON',
  // points (spec §8 Points)
  'MILEAGE_INSUFFICIENT',
  'EXCHANGE_MILEAGE_INSUFFICIENT',
  // the coin shop (spec §8 Payment)
  'ALREADY_PAID',
  'NOT_FOUND_PAYMENT_METHOD',
  'NOT_FOUND_COIN_PRODUCT',
  'LIMITED_COIN_PRODUCT',
  'LIMITED_COIN_PRODUCT_USER',
  'REQUIRED_AGREEMENT',
  'NOT_REFUNDABLE',
  // the gift box (spec §8 Gift) and the sign-up mail reward
  'ALREADY_GIVEN_GIFT',
  'NOT_FOUND_GIFT',
  'NOT_FOUND_GIFT_INFO',
  'UN_MATCHED_GIFT_TARGET_TYPE',
  'INVALID_USER',
  // contact requests (spec §8 Contact)
  'LIMIT_QNA_COUNT',
  // login and sign-up
  'Callback',
  'EMPTY_EMAIL',
  'INVALID_MAIL_FORM',
  'INVALID_PASSWORD',
  'INVALID_PW_REGEX',
  'INCORRECT_PASSWORD',
  'NOT_REGISTERED_USER',
  'NOT_LOCAL_LOGIN_USER',
  'WITHDRAWAL',
  'EXCEED_AUTH_COUNT',
  'DUPLICATE_LOGIN',
  'ALREADY_USED_EMAIL',
  'ALREADY_USED_ANOTHER_PLATFORM',
  'INVALID_EMAIL',
  'DELETED_USER',
  'EXPIRED_OTP',
  'ALREADY_AUTH_MAIL',
  // passwords, SMS and account settings
  'EQUAL_PASSWORD',
  'TIMEOUT',
  'UNKNOWN',
  'FREQUENT_REQUEST',
  'NOT_FOUND_USER',
  'NOT_FOUND_SMS_USER',
  'ALREADY_SEND_SMS',
  'ALREADY_USE_SMS',
  'INVALID_PARAMETER',
  // anything else
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
] as const satisfies readonly ErrorCode[];

/** The auth client's names of spec §8 that the login screens explain; each sends the reader back to login. */
const AUTH_CLIENT_CODES = {
  SessionRequired: 'login',
  OAuthCallbackError: 'login',
  AccountNotLinkedError: 'login',
  UnknownError: 'login',
} as const satisfies Partial<Record<AuthClientError, FollowUpAction>>;

/** Codes of the web itself: a screen's own checks, the auth base's CSRF check, and a browser offline. */
const WEB_CODES = {
  PASSWORD_MISMATCH: 'none',
  INVALID_PHONE: 'none',
  INVALID_CODE: 'none',
  MissingCSRF: 'login',
  CLIENT_FETCH_ERROR: 'reload',
} as const satisfies Record<string, FollowUpAction>;

export type CatalogueMessageCode = (typeof EXPLAINED_CATALOGUE_CODES)[number];
export type MessageCode = CatalogueMessageCode | keyof typeof AUTH_CLIENT_CODES | keyof typeof WEB_CODES;

/** Every code with a message, in every locale (messages.test.ts). */
export const MESSAGE_CODES: readonly MessageCode[] = [
  ...EXPLAINED_CATALOGUE_CODES,
  ...(Object.keys(AUTH_CLIENT_CODES) as (keyof typeof AUTH_CLIENT_CODES)[]),
  ...(Object.keys(WEB_CODES) as (keyof typeof WEB_CODES)[]),
];

const FOLLOW_UPS: ReadonlyMap<string, FollowUpAction> = new Map<string, FollowUpAction>([
  ...Object.entries(ERROR_CATALOGUE).map(([code, spec]): [string, FollowUpAction] => [code, spec.action]),
  ...Object.entries(AUTH_CLIENT_CODES),
  ...Object.entries(WEB_CODES),
]);

const KNOWN: ReadonlySet<string> = new Set(MESSAGE_CODES);

export function isMessageCode(code: string): code is MessageCode {
  return KNOWN.has(code);
}

/**
 * The message of a code from an answer or a url: its own, else `fallback`. Most screens call an
 * unexplained (or missing) failure INTERNAL_ERROR; the login screens say UnknownError (spec §8).
 */
export function messageCode(code: string | null | undefined, fallback: MessageCode = 'INTERNAL_ERROR'): MessageCode {
  return code && isMessageCode(code) ? code : fallback;
}

/** What the reader is offered after a code (spec §8 follow-up); an unknown code is a server fault. */
export function followUpOf(code: string): FollowUpAction {
  return FOLLOW_UPS.get(code) ?? ERROR_CATALOGUE.INTERNAL_ERROR.action;
}

/** Whether the code means the reader must log in (again) before trying once more. */
export function needsLogin(code: string): boolean {
  const action = followUpOf(code);
  return action === 'login' || action === 'logout';
}

/** Codes that ask the reader to do something rather than report a failure (role="status"). */
const NOTICES: ReadonlySet<MessageCode> = new Set<MessageCode>(['SessionRequired', 'NOT_LOGIN_USER']);

export function isNotice(code: MessageCode): boolean {
  return NOTICES.has(code);
}
