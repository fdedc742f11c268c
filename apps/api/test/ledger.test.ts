import { randomUUID } from 'node:crypto';
import type { CoinBalance, CoinLot, CoinLotsResponse, CoinType } from '@balcony/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coinLots, ledgerTransfers, lotAllocations, seriesBrands } from '../src/db/schema.js';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import { LEDGER_CSV_HEADER } from '../src/modules/wallet/ledger.js';
import * as walletRepo from '../src/modules/wallet/repo.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember, createSeries } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';
import { DAY } from './support/clock.js';
import { memberHelpers } from './support/members.js';

// The transparent ledger (issue 12 item 6, decisions 0170–0171): GET /coin/lots lists a member's
// own lots — where each came from, what is left, when it expires, where its coins went — and the
// balance they add up to, which is GET /coin's; GET /coin/lots.csv gives the same as a file.

let t: TestApp;
let admin: Member;
let story: Awaited<ReturnType<typeof createSeries>>;
const helpers = memberHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await seedCoinProducts(t.database.db);
  admin = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'] });
  // Episodes 1 free, 2–5 paid; renting costs 2 and buying 4 coins.
  story = await createSeries(t.database.db, { title: 'Ledger Harbour', episodes: { count: 5, free: 1 } });
  // The brand's own title, which its pages show, differs from the original one.
  await t.database.db.update(seriesBrands).set({ title: BRAND_TITLE }).where(eq(seriesBrands.seriesId, story.id));
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await wallet.checkLedger(t.database.db)).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
});

interface Member {
  id: number;
  headers: Record<string, string>;
}

const { api, data, charge } = callsOf(() => t);

/** A member signed up by e-mail, who got the sign-up mail reward (10 free coins). */
async function signedUp(): Promise<Member> {
  const m = await helpers.member();
  return { id: m.userId, headers: { authorization: `Bearer ${m.token}` } };
}
const newMember = async (): Promise<Member> => createMember(t.database.db, t.config.auth);

const paid = (n: number) => {
  const e = story.episodes[n - 1];
  if (!e || e.isFree) throw new Error(`episode ${n} is not a paid one`);
  return e;
};
const purchase = (who: Member, n: number, kind: 'RENT' | 'POSSESSION') =>
  data(api('POST', `/episodes/${paid(n).id}/purchase`, who, { kind, idempotencyKey: randomUUID() }));
const adjust = (who: Member, coinType: CoinType, amount: number, reason: string) =>
  data(
    api('POST', '/admin/coins/adjust', admin, {
      userId: who.id,
      coinType,
      amount,
      reason,
      idempotencyKey: randomUUID(),
    }),
  );
const balance = (who: Member): Promise<CoinBalance> => data(api('GET', '/coin', who));
const ledger = (who: Member): Promise<CoinLotsResponse> => data(api('GET', '/coin/lots', who));

/** What the OPEN lots of each type hold: what the page adds up. */
function openSums(lots: readonly CoinLot[]) {
  const sum = (type: CoinType) =>
    lots.filter((l) => l.status === 'OPEN' && l.coinType === type).reduce((s, l) => s + l.remaining, 0);
  const [coin, freeCoin, bonus] = [sum('COIN'), sum('FREE_COIN'), sum('BONUS')];
  return { coin, freeCoin, bonus, mileage: sum('MILEAGE'), total: coin + freeCoin + bonus };
}

/** RFC 4180: fields split on commas outside quotes, "" inside quotes is one quote, rows end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) throw new Error('the last line does not end with CRLF');
  return rows;
}

const BRAND_TITLE = 'Le port du registre';
const EVIL_COUPON = '=HYPERLINK("http://evil.example"),"win"';

/**
 * A reader who signed up (10 free coins), charged 30 coins (+5 bonus), registered a coupon of 10
 * bonus coins, received a gift of 7 free coins, rented episode 2 and bought episode 3, lost 3 paid
 * coins to an admin's deduction, and charged 12 coins (+1 bonus) then had them refunded.
 */
async function busyReader() {
  const reader = await signedUp();
  await charge(reader, 30);
  const coupon = await data(
    api('POST', '/admin/coupons', admin, {
      name: EVIL_COUPON,
      grant: { kind: 'COIN', coinType: 'BONUS', coins: 10 },
      codes: { mode: 'SHARED' },
    }),
  );
  await data(api('POST', '/coupons', reader, { code: coupon.codes[0] }));
  const sent = await data(
    api('POST', '/admin/gifts', admin, {
      targets: [{ type: 'USER', userId: reader.id }],
      content: { kind: 'COIN', coinType: 'FREE_COIN', amount: 7 },
      title: 'Thank you for reading',
      idempotencyKey: randomUUID(),
    }),
  );
  await data(api('POST', `/gift/${sent.gifts[0].id}/receive`, reader));
  await purchase(reader, 2, 'RENT');
  await purchase(reader, 3, 'POSSESSION');
  await adjust(reader, 'COIN', -3, 'Charged twice by mistake');
  const refunded = await charge(reader, 12);
  await data(api('POST', `/shop/orders/${refunded.id}/refund`, reader));
  return reader;
}

describe('GET /coin/lots', () => {
  it('shows every lot by origin, with its uses, adding up to the balance GET /coin answers', async () => {
    const reader = await busyReader();
    const { lots, balance: theirs, windowDays, moreEmptied } = await ledger(reader);
    expect(windowDays).toBe(90);
    expect(moreEmptied).toBe(false);
    expect(theirs).toEqual(await balance(reader));
    expect(openSums(lots)).toEqual({
      coin: theirs.coin,
      freeCoin: theirs.freeCoin,
      bonus: theirs.bonus,
      mileage: theirs.mileage,
      total: theirs.total,
    });
    // 10 + 30 + 5 + 10 + 7 − 2 − 4 − 3 coins (the refunded 13 came and went).
    expect(theirs.total).toBe(53);

    const coins = lots.filter((l) => l.coinType !== 'MILEAGE');
    const byOrigin = (origin: CoinLot['origin'], type?: CoinType) =>
      coins.filter((l) => l.origin === origin && (!type || l.coinType === type));
    expect(byOrigin('SIGNUP_REWARD')).toEqual([
      expect.objectContaining({ coinType: 'FREE_COIN', source: 'EVENT', title: 'SIGNUP_MAIL_REWARD', amount: 10 }),
    ]);
    expect(byOrigin('COUPON')).toEqual([
      expect.objectContaining({ coinType: 'BONUS', amount: 10, reference: { kind: 'NOTE', note: EVIL_COUPON } }),
    ]);
    expect(byOrigin('GIFT')).toEqual([
      expect.objectContaining({
        coinType: 'FREE_COIN',
        source: 'REWARD',
        amount: 7,
        reference: { kind: 'NOTE', note: 'Thank you for reading' },
      }),
    ]);
    const payments = byOrigin('PAYMENT');
    expect(payments.map((l) => [l.coinType, l.amount, l.status]).sort()).toEqual(
      [
        ['BONUS', 1, 'REFUNDED'],
        ['BONUS', 5, 'OPEN'],
        ['COIN', 12, 'REFUNDED'],
        ['COIN', 30, 'OPEN'],
      ].sort(),
    );
    // Each names the coin product paid for: one order for 30 coins (+5 bonus), one for 12 (+1).
    const products = payments.map((l) => (l.reference?.kind === 'PRODUCT' ? l.reference : null));
    expect(products.every((p) => p !== null)).toBe(true);
    expect(new Set(products.map((p) => p?.orderId)).size).toBe(2);
    const thirty = payments.findIndex((l) => l.amount === 30);
    expect(products[thirty]?.name).toContain('30');
    for (const lot of payments.filter((l) => l.status === 'REFUNDED')) {
      expect(lot.uses).toEqual([
        expect.objectContaining({ kind: 'REFUNDED', title: 'CANCEL_CHARGE_COIN', amount: lot.amount }),
      ]);
    }

    // Every lot's remainder is its amount less its uses.
    for (const lot of lots) expect(lot.amount - lot.uses.reduce((s, u) => s + u.amount, 0)).toBe(lot.remaining);
    // The rental and the purchase were paid from free and bonus lots (soonest expiring first), and say what they bought.
    const episodeUses = coins.flatMap((l) => l.uses.filter((u) => u.kind === 'EPISODE').map((u) => ({ ...u, lot: l })));
    expect(episodeUses.every((u) => u.lot.coinType !== 'COIN')).toBe(true);
    const paidFor = (n: number) =>
      episodeUses.filter((u) => u.reference?.kind === 'EPISODE' && u.reference.episodeNumber === n);
    expect(paidFor(2).reduce((s, u) => s + u.amount, 0)).toBe(2);
    expect(paidFor(3).reduce((s, u) => s + u.amount, 0)).toBe(4);
    expect(paidFor(2)[0]).toMatchObject({
      title: 'PURCHASE_EPISODE',
      reference: { kind: 'EPISODE', seriesTitle: BRAND_TITLE, episodeId: paid(2).id, purchase: 'RENT' },
    });
    expect(paidFor(3)[0]?.reference).toMatchObject({ purchase: 'POSSESSION', episodeId: paid(3).id });
    // The use history names the series as the brand shows it too.
    const uses = await data(api('GET', '/coin/history/use', reader));
    expect(uses.items.map((i: { reference: { seriesTitle?: string } | null }) => i.reference?.seriesTitle)).toContain(
      BRAND_TITLE,
    );
    // The admin's deduction came out of the paid coins, with its reason.
    expect(byOrigin('PAYMENT', 'COIN').find((l) => l.status === 'OPEN')).toMatchObject({
      amount: 30,
      remaining: 27,
      expiresAt: null,
      uses: [
        expect.objectContaining({
          kind: 'ADMIN_DEDUCT',
          amount: 3,
          reference: { kind: 'NOTE', note: 'Charged twice by mistake' },
        }),
      ],
    });

    // Lots holding coins come first, in the order episodes will spend them: free and bonus coins, then paid coins.
    const open = coins.filter((l) => l.status === 'OPEN');
    expect(coins.slice(0, open.length)).toEqual(open);
    expect(open.at(-1)?.coinType).toBe('COIN');
    expect(open.slice(0, -1).every((l) => l.expiresAt !== null)).toBe(true);
  });

  it('tells an expired lot, counted nowhere, before and after the expiry job writes it off', async () => {
    const reader = await signedUp();
    await charge(reader, 30);
    const gift = (await ledger(reader)).lots.find((l) => l.origin === 'SIGNUP_REWARD');
    if (!gift) throw new Error('no sign-up reward');
    await t.database.db
      .update(coinLots)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coinLots.id, gift.id));

    const before = await ledger(reader);
    expect(before.balance).toEqual(await balance(reader));
    expect(before.balance).toMatchObject({ freeCoin: 0, total: 35 });
    expect(before.lots.find((l) => l.id === gift.id)).toMatchObject({ status: 'EXPIRED', remaining: 10, uses: [] });
    expect(openSums(before.lots).total).toBe(35);

    expect(await wallet.expireDue(t.database.db, new Date())).toBeGreaterThan(0);
    const after = await ledger(reader);
    expect(after.balance).toEqual(before.balance);
    expect(after.lots.find((l) => l.id === gift.id)).toMatchObject({
      status: 'EXPIRED',
      remaining: 0,
      uses: [expect.objectContaining({ kind: 'EXPIRED', title: 'EXPIRE', amount: 10, reference: null })],
    });
  });

  it('lists lots emptied within 90 days, the last emptied first, and no older ones', async () => {
    const m = await newMember();
    await charge(m, 5);
    await charge(m, 5);
    const [first, second] = (await ledger(m)).lots.filter((l) => l.coinType === 'COIN').sort((a, b) => a.id - b.id);
    if (!first || !second) throw new Error('two lots expected');
    await adjust(m, 'COIN', -5, 'First correction');
    await adjust(m, 'COIN', -5, 'Second correction');
    // (Charges may earn points too: those lots are left aside here.)
    const coinsOf = async () => (await ledger(m)).lots.filter((l) => l.coinType === 'COIN');
    expect((await coinsOf()).map((l) => [l.id, l.status, l.remaining])).toEqual([
      [second.id, 'SPENT', 0],
      [first.id, 'SPENT', 0],
    ]);
    // The query keeps the last emptied ones when asked for fewer.
    const since = new Date(Date.now() - 90 * DAY);
    const rows = await walletRepo.lotsWithUses(t.database.db, m.id, since, 1);
    expect(new Set(rows.filter((r) => r.ledger === 'COIN').map((r) => r.id))).toEqual(new Set([second.id]));

    // The first lot's use moves to 91 days ago: it leaves the list.
    const [use] = await t.database.db
      .select({ transferId: lotAllocations.transferId })
      .from(lotAllocations)
      .where(eq(lotAllocations.lotId, first.id));
    await t.database.db
      .update(ledgerTransfers)
      .set({ createdAt: new Date(Date.now() - 91 * DAY) })
      .where(and(eq(ledgerTransfers.userId, m.id), inArray(ledgerTransfers.id, [use?.transferId ?? 0])));
    expect((await coinsOf()).map((l) => l.id)).toEqual([second.id]);
  });

  it('answers a member’s own lots only, an empty ledger for a new member, and NOT_LOGIN_USER to a visitor', async () => {
    const reader = await busyReader();
    const other = await newMember();
    expect(await ledger(other)).toEqual({
      lots: [],
      balance: { coin: 0, freeCoin: 0, bonus: 0, mileage: 0, total: 0, expiring: [] },
      windowDays: 90,
      moreEmptied: false,
    });
    await charge(other, 5);
    const theirs = await api('GET', '/coin/lots', other);
    const mine = await ledger(reader);
    const lotIds = (lots: CoinLot[]) => lots.map((l) => l.id);
    const otherLots = theirs.json().data.lots as CoinLot[];
    expect(otherLots.filter((l) => l.coinType !== 'MILEAGE').map((l) => [l.origin, l.coinType, l.amount])).toEqual([
      ['PAYMENT', 'COIN', 5],
    ]);
    expect(lotIds(otherLots).filter((id) => lotIds(mine.lots).includes(id))).toEqual([]);
    expect(theirs.body).not.toContain('Thank you for reading');
    const rows = await t.database.db
      .select({ userId: coinLots.userId })
      .from(coinLots)
      .where(inArray(coinLots.id, lotIds(mine.lots)));
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set([reader.id]));

    for (const url of ['/coin/lots', '/coin/lots.csv']) {
      const visitor = await api('GET', url);
      expect([visitor.statusCode, visitor.json().code]).toEqual([401, 'NOT_LOGIN_USER']);
    }
  });
});

describe('GET /coin/lots.csv', () => {
  it('is a file of a row per credit and use, quoted, safe from formulas, whose open rows sum to the balance', async () => {
    const reader = await busyReader();
    const answer = await api('GET', '/coin/lots.csv', reader);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="coins-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body.startsWith('\uFEFF')).toBe(true);

    const [header, ...rows] = parseCsv(answer.body.slice(1));
    expect(header).toEqual([...LEDGER_CSV_HEADER]);
    const { lots, balance: theirs } = await ledger(reader);
    expect(rows).toHaveLength(lots.reduce((n, l) => n + 1 + l.uses.length, 0));
    const col = (row: string[], name: (typeof LEDGER_CSV_HEADER)[number]) => row[LEDGER_CSV_HEADER.indexOf(name)] ?? '';
    expect(rows.every((r) => r.length === LEDGER_CSV_HEADER.length)).toBe(true);

    // The coupon's name would be a formula: it is written as text.
    const coupon = rows.filter((r) => col(r, 'origin') === 'COUPON');
    expect(coupon.length).toBeGreaterThan(0);
    expect(coupon.every((r) => col(r, 'origin_reference') === `'${EVIL_COUPON}`)).toBe(true);
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.example""),""win"""`);
    // No cell a spreadsheet would run, but negative amounts, which are numbers.
    for (const row of rows) {
      for (const [i, cell] of row.entries()) {
        if (LEDGER_CSV_HEADER[i] === 'amount') expect(cell).toMatch(/^-?\d+$/);
        else expect(cell).not.toMatch(/^[=+\-@]/);
      }
    }

    // Dates are ISO 8601 in UTC.
    const dates = rows.flatMap((r) => [col(r, 'lot_created_at'), col(r, 'movement_date'), col(r, 'lot_expires_at')]);
    expect(dates.filter((d) => d !== '').every((d) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(d))).toBe(
      true,
    );

    // The rows of the open lots sum to the balance, per type and in all.
    const sumOpen = (type: CoinType) =>
      rows
        .filter((r) => col(r, 'lot_status') === 'OPEN' && col(r, 'coin_type') === type)
        .reduce((s, r) => s + Number(col(r, 'amount')), 0);
    expect([sumOpen('COIN'), sumOpen('FREE_COIN'), sumOpen('BONUS')]).toEqual([
      theirs.coin,
      theirs.freeCoin,
      theirs.bonus,
    ]);
    expect(theirs).toEqual(await balance(reader));

    // The rental reads as the series and its episode number.
    const rental = rows.find((r) => col(r, 'movement') === 'EPISODE' && col(r, 'purchase') === 'RENT');
    expect(rental && col(rental, 'movement_reference')).toBe(`${BRAND_TITLE} #2`);
    expect(rows.some((r) => col(r, 'movement') === 'ADMIN_DEDUCT' && col(r, 'amount') === '-3')).toBe(true);
    const refunds = rows.filter((r) => col(r, 'movement') === 'REFUNDED' && col(r, 'coin_type') !== 'MILEAGE');
    expect(refunds.map((r) => col(r, 'amount')).sort()).toEqual(['-1', '-12']);
  });
});
