import type { CoinLot, LotUseKind } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { arrangeLedger, LEDGER_CSV_HEADER, ledgerCsv, lotOrigin, lotStatus, referenceText, useKind } from './ledger.js';

const now = new Date('2026-11-25T12:00:00Z');
const day = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('where a lot came from', () => {
  it('follows the source, told apart by the title where one source covers several things', () => {
    expect(lotOrigin('PAYMENT', 'CHARGE_COIN')).toBe('PAYMENT');
    expect(lotOrigin('COUPON', 'EXCHANGE_COUPON')).toBe('COUPON');
    expect(lotOrigin('REWARD', 'RECEIVE_GIFT')).toBe('GIFT');
    expect(lotOrigin('EVENT', 'SIGNUP_MAIL_REWARD')).toBe('SIGNUP_REWARD');
    expect(lotOrigin('MILEAGE', 'EXCHANGE_MILEAGE')).toBe('POINTS');
    expect(lotOrigin('ADMIN', 'ADMIN_CHARGE')).toBe('ADMIN');
    expect(lotOrigin('EVENT', 'ROULETTE')).toBe('EVENT');
    expect(lotOrigin('OFFERWALL', 'OFFERWALL')).toBe('OFFERWALL');
  });

  it('names what each use went to', () => {
    expect(useKind('USE', 'PURCHASE_EPISODE', 12)).toBe('EPISODE');
    expect(useKind('EXPIRE', 'EXPIRE', null)).toBe('EXPIRED');
    expect(useKind('CANCEL', 'CANCEL_CHARGE_COIN', null)).toBe('REFUNDED');
    expect(useKind('USE', 'ADMIN_DEDUCT', null)).toBe('ADMIN_DEDUCT');
    expect(useKind('USE', 'EXCHANGE_MILEAGE', null)).toBe('POINTS_EXCHANGE');
    expect(useKind('USE', 'SOMETHING_NEW', null)).toBe('OTHER');
  });
});

describe('the state of a lot', () => {
  const uses = (...kinds: LotUseKind[]) => kinds.map((kind) => ({ kind }));
  it('is OPEN while coins are left before its expiry, EXPIRED after it, written off or not', () => {
    expect(lotStatus({ remaining: 3, expiresAt: null, uses: [] }, now)).toBe('OPEN');
    expect(lotStatus({ remaining: 3, expiresAt: day(1), uses: uses('EPISODE') }, now)).toBe('OPEN');
    expect(lotStatus({ remaining: 3, expiresAt: now, uses: [] }, now)).toBe('EXPIRED');
    expect(lotStatus({ remaining: 0, expiresAt: day(-1), uses: uses('EPISODE', 'EXPIRED') }, now)).toBe('EXPIRED');
  });

  it('is REFUNDED when its charge was cancelled, else SPENT once empty (even past its expiry)', () => {
    expect(lotStatus({ remaining: 0, expiresAt: null, uses: uses('REFUNDED') }, now)).toBe('REFUNDED');
    expect(lotStatus({ remaining: 0, expiresAt: day(-1), uses: uses('EPISODE', 'ADMIN_DEDUCT') }, now)).toBe('SPENT');
  });
});

describe('the order of the lots', () => {
  const lot = (
    id: number,
    coinType: CoinLot['coinType'],
    remaining: number,
    expiresAt: Date | null,
    createdAt: Date,
    usedAt: Date[] = [],
  ) => ({
    id,
    coinType,
    remaining,
    expiresAt,
    createdAt,
    uses: usedAt.map((at) => ({ kind: 'EPISODE' as const, createdAt: at })),
  });

  it('lists coins in the order episodes spend them, then points, then the others last moved first', () => {
    const lots = [
      lot(1, 'COIN', 30, null, day(-20)),
      lot(2, 'BONUS', 5, day(60), day(-20)),
      lot(3, 'FREE_COIN', 10, day(10), day(-5)),
      lot(4, 'COIN', 12, null, day(-30)),
      lot(5, 'MILEAGE', 500, day(100), day(-3)),
      lot(6, 'BONUS', 4, day(-1), day(-40)),
      lot(7, 'FREE_COIN', 0, day(5), day(-9), [day(-8), day(-2)]),
      lot(8, 'COIN', 0, null, day(-50), [day(-4)]),
    ];
    const { lots: arranged, moreEmptied } = arrangeLedger(lots, now, 10);
    expect(arranged.map((l) => l.id)).toEqual([3, 2, 4, 1, 5, 6, 7, 8]);
    expect(moreEmptied).toBe(false);
  });

  it('keeps the emptied lots last emptied, never dropping one that still holds coins', () => {
    const lots = [
      lot(1, 'COIN', 0, null, day(-30), [day(-3)]),
      lot(2, 'COIN', 0, null, day(-30), [day(-1)]),
      lot(3, 'COIN', 0, null, day(-30), [day(-2)]),
      lot(4, 'BONUS', 2, day(-1), day(-30)),
      lot(5, 'COIN', 9, null, day(-30)),
    ];
    const { lots: arranged, moreEmptied } = arrangeLedger(lots, now, 2);
    expect(arranged.map((l) => l.id)).toEqual([5, 4, 2, 3]);
    expect(moreEmptied).toBe(true);
  });
});

describe('the CSV of the lots', () => {
  const lots: CoinLot[] = [
    {
      id: 7,
      coinType: 'BONUS',
      source: 'COUPON',
      origin: 'COUPON',
      title: 'EXCHANGE_COUPON',
      reference: { kind: 'NOTE', note: '=HYPERLINK("http://x"), spring' },
      amount: 10,
      remaining: 6,
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-12-20T10:00:00.000Z',
      status: 'OPEN',
      uses: [
        {
          transferId: 41,
          kind: 'EPISODE',
          title: 'PURCHASE_EPISODE',
          amount: 4,
          createdAt: '2026-11-21T08:30:00.000Z',
          reference: {
            kind: 'EPISODE',
            seriesId: 3,
            seriesTitle: 'Harbour, "North"',
            episodeId: 30,
            episodeNumber: 2,
            episodeCount: 1,
            purchase: 'POSSESSION',
          },
        },
      ],
    },
    {
      id: 9,
      coinType: 'COIN',
      source: 'PAYMENT',
      origin: 'PAYMENT',
      title: 'CHARGE_COIN',
      reference: { kind: 'PRODUCT', orderId: 5, name: '30 coins' },
      amount: 30,
      remaining: 30,
      createdAt: '2026-11-22T10:00:00.000Z',
      expiresAt: null,
      status: 'OPEN',
      uses: [],
    },
  ];

  it('has a row per credit and per use, quoted, guarded, whose amounts sum to what is left', () => {
    const csv = ledgerCsv(lots);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      LEDGER_CSV_HEADER.join(','),
      `7,BONUS,COUPON,COUPON,"'=HYPERLINK(""http://x""), spring",10,6,OPEN,2026-11-20T10:00:00.000Z,2026-12-20T10:00:00.000Z,CREDIT,2026-11-20T10:00:00.000Z,10,,`,
      `7,BONUS,COUPON,COUPON,"'=HYPERLINK(""http://x""), spring",10,6,OPEN,2026-11-20T10:00:00.000Z,2026-12-20T10:00:00.000Z,EPISODE,2026-11-21T08:30:00.000Z,-4,POSSESSION,"Harbour, ""North"" #2"`,
      '9,COIN,PAYMENT,PAYMENT,30 coins,30,30,OPEN,2026-11-22T10:00:00.000Z,,CREDIT,2026-11-22T10:00:00.000Z,30,,',
    ]);
  });

  it('writes a bulk purchase as the series and its count of episodes', () => {
    expect(
      referenceText({
        kind: 'EPISODE',
        seriesId: 3,
        seriesTitle: 'Harbour',
        episodeId: null,
        episodeNumber: null,
        episodeCount: 5,
        purchase: 'ALL_RENT',
      }),
    ).toBe('Harbour (5)');
    expect(referenceText(null)).toBeNull();
  });
});
