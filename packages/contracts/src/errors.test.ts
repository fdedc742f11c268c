import { describe, expect, it } from 'vitest';
import {
  AppError,
  AuthClientError,
  ClientLogCode,
  ERROR_CATALOGUE,
  ErrorCode,
  errorSpec,
  FollowUpAction,
} from './errors.js';

// Every code named in spec §8, group by group (repeats included on purpose).
const SPEC_CODES = [
  ...['NOT_LOGIN_USER', 'MALFORMED_JWT', 'NOT_EXIST', 'EMPTY_EMAIL'],
  ...['ALREADY_GIVEN_GIFT', 'NOT_FOUND_GIFT', 'NOT_FOUND_GIFT_INFO', 'UN_MATCHED_GIFT_TARGET_TYPE'],
  ...['MILEAGE_INSUFFICIENT', 'EXCHANGE_MILEAGE_INSUFFICIENT'],
  ...['RENT_PURCHASE_IMPOSSIBLE', 'POSSESSION_PURCHASE_IMPOSSIBLE', 'EXIST_LIBRARY', 'COIN_INSUFFICIENT'],
  ...['ADULT_ONLY_CONTENTS', 'UN_MATCHED_RENT_SALE_TYPE', 'UN_MATCHED_POSSESSION_SALE_TYPE'],
  ...['NOT_EXIST', 'ADULT_ONLY_CONTENTS', 'INVALID_CONTENTS'],
  ...['ALREADY_USED_EMAIL', 'INVALID_PASSWORD', 'INVALID_PW_REGEX', 'INCORRECT_PASSWORD', 'INVALID_MAIL_FORM'],
  ...['Callback', 'DUPLICATE_LOGIN', 'WITHDRAWAL', 'NOT_REGISTERED_USER', 'ALREADY_USED_ANOTHER_PLATFORM'],
  ...['EXCEED_AUTH_COUNT', 'EXPIRED_REFRESH_TOKEN', 'NOT_FOUND_REFRESH_TOKEN', 'NEED_TO_REFRESH'],
  ...['UNAUTHORIZED_CONTENTS', 'NOT_FOUND_EPISODE', 'INVALID_CONTENTS', 'NOT_FOUND_ACCESS_TOKEN'],
  ...['NOT_FOUND_EVENT', 'NOT_EVENT_PERIOD', 'UNAUTHORIZED_USER', 'UNAUTHORIZED_ADULT', 'UNAUTHORIZED_NON_ADULT'],
  ...['NOT_EVENT_REMAIN_TICKET', 'NOT_FOUND_THEME'],
  ...['NOT_FOUND_COUPON_USER', 'INVALID_MINIMUM_AMOUNT_COUPON', 'ALREADY_USED_COUPON', 'NOT_FOUND_COUPON'],
  ...['EXPIRED_COUPON', 'ALREADY_RECEIVED_COUPON', 'SOLD_OUT_COUPON'],
  ...['ALREADY_PAID', 'NOT_FOUND_PAYMENT_METHOD', 'NOT_FOUND_COIN_PRODUCT', 'NOT_FOUND_EPISODE'],
  ...['ALREADY_USED_COUPON', 'EXPIRED_COUPON', 'LIMITED_COIN_PRODUCT', 'LIMITED_COIN_PRODUCT_USER'],
  ...['TIMEOUT', 'NOT_LOCAL_LOGIN_USER', 'EQUAL_PASSWORD', 'UNKNOWN', 'FREQUENT_REQUEST', 'NOT_FOUND_USER'],
  ...['NOT_FOUND_SMS_USER', 'NOT_FOUND_USER', 'ALREADY_SEND_SMS', 'ALREADY_USE_SMS'],
  ...['INVALID_EMAIL', 'ALREADY_USED_EMAIL', 'DELETED_USER', 'INVALID_PARAMETER', 'EXPIRED_OTP'],
  ...['FREQUENT_REQUEST', 'WITHDRAWAL', 'TIMEOUT', 'NOT_FOUND_USER', 'LIMIT_QNA_COUNT'],
  ...['ALREADY_AUTH_MAIL', 'INVALID_USER', 'UNKNOWN'],
];
const ADDED_CODES = [
  // for HTTP
  'UNKNOWN_BRAND',
  'INVALID_HEADER',
  'INTERNAL_ERROR',
  'TOO_MANY_REQUESTS',
  'NOT_FOUND_ROUTE',
  // load shedding, start-up and shutdown of a replica (decision 0215)
  'SERVICE_UNAVAILABLE',
  // for the shop and the admin, where spec §8 names none (decisions 0141, 0145)
  'REQUIRED_AGREEMENT',
  'NOT_REFUNDABLE',
  'FORBIDDEN',
  // for the wait-until-free ticket (decision 0155)
  'NOT_REMAIN_FREETIME_TICKET',
  'UN_MATCHED_FREETIME_EPISODE',
  // the account transfer (decision 0251) and the maintenance switch answered to the apps (decision 0253)
  'NOT_TRANSFER_PERIOD',
  'ALREADY_TRANSFERRED',
  'SERVICE_MAINTENANCE',
];

describe('error catalogue', () => {
  it('holds exactly the spec §8 codes plus the few added where it names none', () => {
    expect(new Set(ErrorCode.options)).toEqual(new Set([...SPEC_CODES, ...ADDED_CODES]));
  });

  it.each(ErrorCode.options)('%s has an error status, a message and a follow-up', (code) => {
    const spec = errorSpec(code);
    expect(spec.status).toBeGreaterThanOrEqual(400);
    expect(spec.status).toBeLessThanOrEqual(599);
    expect(spec.message.trim()).not.toBe('');
    expect(FollowUpAction.options).toContain(spec.action);
  });

  it.each([
    ['COIN_INSUFFICIENT', 402, 'shop'],
    ['MILEAGE_INSUFFICIENT', 402, 'none'],
    ['ADULT_ONLY_CONTENTS', 403, 'adult'],
    ['NOT_LOGIN_USER', 401, 'login'],
    ['EXPIRED_REFRESH_TOKEN', 401, 'logout'],
    ['NOT_FOUND_ACCESS_TOKEN', 401, 'logout'],
    ['NOT_EXIST', 404, 'home'],
    ['UN_MATCHED_GIFT_TARGET_TYPE', 403, 'back'],
    ['ALREADY_USED_EMAIL', 409, 'none'],
    ['EXPIRED_COUPON', 410, 'none'],
    ['INVALID_PARAMETER', 400, 'none'],
    ['UNKNOWN_BRAND', 400, 'none'],
    ['INVALID_HEADER', 400, 'none'],
    ['INTERNAL_ERROR', 500, 'reload'],
    ['TOO_MANY_REQUESTS', 429, 'reload'],
    ['SERVICE_UNAVAILABLE', 503, 'reload'],
    ['NOT_FOUND_ROUTE', 404, 'home'],
  ] as const)('%s → %i, %s', (code, status, action) => {
    expect(ERROR_CATALOGUE[code]).toMatchObject({ status, action });
  });

  it.each(['FREQUENT_REQUEST', 'EXCEED_AUTH_COUNT', 'LIMIT_QNA_COUNT', 'ALREADY_SEND_SMS'] as const)(
    '%s is a rate limit (429)',
    (code) => expect(ERROR_CATALOGUE[code].status).toBe(429),
  );

  it('carries the meaning the spec gives', () => {
    expect(ERROR_CATALOGUE.DUPLICATE_LOGIN.message).toBe('Please try again in 1 hour.');
    expect(ERROR_CATALOGUE.DELETED_USER.message).toBe('You can sign up again 30 days after withdrawal.');
    expect(ERROR_CATALOGUE.FREQUENT_REQUEST.message).toContain('5 minutes');
    expect(ERROR_CATALOGUE.EXCHANGE_MILEAGE_INSUFFICIENT.message).toContain('3,000');
  });

  it('lists the auth client results and client log codes of spec §8', () => {
    expect(AuthClientError.options).toHaveLength(10);
    expect(AuthClientError.parse('SessionRequired')).toBe('SessionRequired');
    expect(ClientLogCode.options).toEqual(['CLIENT_FETCH_ERROR', 'CLIENT_SESSION_ERROR']);
  });
});

describe('AppError', () => {
  it('carries its code, details and the catalogue status', () => {
    const error = new AppError('COIN_INSUFFICIENT', { needed: 3 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('COIN_INSUFFICIENT');
    expect(error.details).toEqual({ needed: 3 });
    expect(error.status).toBe(402);
    expect(error.message).toBe('COIN_INSUFFICIENT');
  });

  it('has no details unless given', () => {
    expect(new AppError('NOT_FOUND_ROUTE').details).toBeUndefined();
  });
});
