import { describe, expect, it } from 'vitest';
import {
  CreateCouponRequest,
  canonicalCouponCode,
  couponCodesCsv,
  discountOf,
  formatGeneratedCode,
} from './coupons.js';

describe('coupon codes', () => {
  it('compare without case, spaces or dashes', () => {
    expect(canonicalCouponCode(' ab-cd-12 ')).toBe('ABCD12');
  });

  it('are printed in groups of four', () => {
    expect(formatGeneratedCode([0, 1, 2, 3, 10, 11, 12, 13, 31, 30, 29, 28, 4, 5, 6, 7])).toBe('0123-ABCD-ZYXW-4567');
  });
});

describe('the discount rule', () => {
  const percent = { discountPercent: 20, discountAmount: null, minimumAmount: 499 };
  it('takes a percentage rounded down, from the minimum on', () => {
    expect(discountOf(percent, 499)).toBe(99);
    expect(discountOf(percent, 999)).toBe(199);
    expect(discountOf(percent, 498)).toBeNull();
  });
  it('takes a fixed amount, never the whole price', () => {
    expect(discountOf({ discountPercent: null, discountAmount: 100, minimumAmount: 0 }, 499)).toBe(100);
    expect(discountOf({ discountPercent: null, discountAmount: 100, minimumAmount: 0 }, 50)).toBe(49);
  });
});

describe('creating a coupon', () => {
  const base = { name: 'Spring', codes: { mode: 'SHARED' } };
  it('asks for exactly one of a percentage and an amount, the amount below the minimum', () => {
    const grant = (g: object) => CreateCouponRequest.safeParse({ ...base, grant: { kind: 'DISCOUNT', ...g } }).success;
    expect(grant({ discountPercent: 10 })).toBe(true);
    expect(grant({ discountAmount: 100, minimumAmount: 500 })).toBe(true);
    expect(grant({})).toBe(false);
    expect(grant({ discountPercent: 10, discountAmount: 100, minimumAmount: 500 })).toBe(false);
    expect(grant({ discountAmount: 500, minimumAmount: 500 })).toBe(false);
    expect(grant({ discountPercent: 95 })).toBe(false);
  });
  it('takes an admin’s code in the shape members type, and an end after the start', () => {
    const coins = { kind: 'COIN', coinType: 'BONUS', coins: 5 };
    const parse = (extra: object) => CreateCouponRequest.safeParse({ ...base, grant: coins, ...extra });
    expect(parse({ codes: { mode: 'SHARED', code: 'welcome-2026' } }).data?.codes).toEqual({
      mode: 'SHARED',
      code: 'WELCOME-2026',
      maxUses: null,
    });
    expect(parse({ codes: { mode: 'SHARED', code: 'A-B-C' } }).success).toBe(false);
    expect(parse({ codes: { mode: 'SHARED', code: 'ÉTÉ2026' } }).success).toBe(false);
    expect(parse({ startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' }).success).toBe(false);
  });
});

describe('the CSV of a batch', () => {
  it('has a header and one line per code; cells a spreadsheet would run as formulas are quoted', () => {
    expect(couponCodesCsv({ id: 3, name: '=HYPERLINK("x"), spring' }, ['AAAA-BBBB'])).toBe(
      'coupon_id,coupon_name,code\r\n3,"\'=HYPERLINK(""x""), spring",AAAA-BBBB\r\n',
    );
  });
});
