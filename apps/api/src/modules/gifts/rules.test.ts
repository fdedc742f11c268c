import { AppError, DAY_MS } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import {
  giftCoinValidDays,
  hasAllEpisodes,
  normalizeGiftEmail,
  receivedCoinsExpireAt,
  refusalToReceive,
} from './rules.js';

const now = new Date('2026-11-25T12:00:00Z');
const later = new Date(now.getTime() + DAY_MS);
const earlier = new Date(now.getTime() - 1);

describe('how long gifted coins stay valid', () => {
  it('keeps paid coins forever and refuses a validity for them', () => {
    expect(giftCoinValidDays('COIN', undefined)).toBeNull();
    expect(() => giftCoinValidDays('COIN', 10)).toThrow(AppError);
  });

  it('gives bonus and free coins the validity of a product’s unless the sender says otherwise', () => {
    expect(giftCoinValidDays('BONUS', undefined)).toBe(90);
    expect(giftCoinValidDays('FREE_COIN', undefined)).toBe(30);
    expect(giftCoinValidDays('BONUS', 7)).toBe(7);
    expect(giftCoinValidDays('MILEAGE', undefined)).toBeNull();
    expect(giftCoinValidDays('MILEAGE', 180)).toBe(180);
  });

  it('counts the validity from the moment the gift is received', () => {
    expect(receivedCoinsExpireAt(now, 30)).toEqual(new Date(now.getTime() + 30 * DAY_MS));
    expect(receivedCoinsExpireAt(now, null)).toBeNull();
  });
});

describe('who may receive a gift, and when', () => {
  const waiting = { userId: 7, status: 'WAITING' as const, expiresAt: later };

  it('lets its own member receive a waiting gift before it expires', () => {
    expect(refusalToReceive(waiting, 7, now)).toBeNull();
  });

  it('refuses someone else’s gift, or a MAIL gift no account has confirmed yet, as an unmatched target', () => {
    expect(refusalToReceive(waiting, 8, now)).toBe('UN_MATCHED_GIFT_TARGET_TYPE');
    expect(refusalToReceive({ ...waiting, userId: null }, 7, now)).toBe('UN_MATCHED_GIFT_TARGET_TYPE');
  });

  it('answers ALREADY_GIVEN_GIFT once received, and NOT_FOUND_GIFT once expired (even before the job ran)', () => {
    expect(refusalToReceive({ ...waiting, status: 'RECEIVED' }, 7, now)).toBe('ALREADY_GIVEN_GIFT');
    expect(refusalToReceive({ ...waiting, status: 'EXPIRED' }, 7, now)).toBe('NOT_FOUND_GIFT');
    expect(refusalToReceive({ ...waiting, expiresAt: earlier }, 7, now)).toBe('NOT_FOUND_GIFT');
    expect(refusalToReceive({ ...waiting, expiresAt: now }, 7, now)).toBe('NOT_FOUND_GIFT');
  });
});

describe('gift contents', () => {
  it('matches addresses whatever their case and spaces', () => {
    expect(normalizeGiftEmail('  Reader@Example.COM ')).toBe('reader@example.com');
  });

  it('gives an episode gift only when every one of its episodes is still there', () => {
    expect(hasAllEpisodes([1, 2], [{ id: 2 }, { id: 1 }])).toBe(true);
    expect(hasAllEpisodes([1, 2], [{ id: 1 }])).toBe(false);
    expect(hasAllEpisodes([], [])).toBe(false);
  });
});
