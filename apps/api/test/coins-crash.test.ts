import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wallet from '../src/modules/wallet/service.js';
import { createMember, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { type ApiProcess, apiProcess } from './support/api-process.js';
import { serviceContext } from './support/context.js';
import {
  bookBalance,
  giveCoins,
  halfDonePurchases,
  LEDGER_CLEAN,
  NOTHING_HALF_DONE,
  purchasesOf,
} from './support/purchase-book.js';

// Issue 11 "On PostgreSQL": the api process SIGKILLed in the middle of a burst of purchases, five
// times. After each restart the book must balance, no purchase may be half done (a purchase row
// without its ownerships or its USE transfers, or either without it), and every purchase the api
// answered 200 for must be there. Runs only in `npm run test:db` (TEST_DATABASE_URL).

const PORT = 4791; // this file's own; `bench` and the dev api use others
const ROUNDS = 5;
const MEMBERS = 10;
const SINGLES = 9; // per member and round, plus one purchase-all: 100 requests a round
const AUTH_SECRET = randomBytes(32).toString('base64url');
const CREDIT = { COIN: 250, BONUS: 20, FREE_COIN: 10 } as const;

let t: TestApp;
let api: ApiProcess;
let story: Awaited<ReturnType<typeof createSeries>>;
const bundles: Awaited<ReturnType<typeof createSeries>>[] = [];
const members: Awaited<ReturnType<typeof createMember>>[] = [];
/** purchaseIds the api answered 200 for, before it was killed. */
const acknowledged = new Set<number>();

async function checkBook(round: number): Promise<void> {
  const db = t.database.db;
  expect(await wallet.checkLedger(db), `ledger after round ${round}`).toEqual(LEDGER_CLEAN);
  expect(await halfDonePurchases(db), `purchases after round ${round}`).toEqual(NOTHING_HALF_DONE);
  const ids = new Set(
    ((await db.execute(sql`select id from episode_purchases`)) as unknown as { rows: { id: number }[] }).rows.map(
      (r) => r.id,
    ),
  );
  expect(
    [...acknowledged].filter((id) => !ids.has(id)),
    'answered 200 but not stored',
  ).toEqual([]);
  const credited = CREDIT.COIN + CREDIT.BONUS + CREDIT.FREE_COIN;
  for (const m of members) {
    const { spent } = await purchasesOf(db, m.id);
    expect(await bookBalance(db, m.id)).toBe(credited - spent);
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the api killed in the middle of a purchase burst', () => {
  beforeAll(async () => {
    t = await createTestApp({
      auth: { secret: new TextEncoder().encode(AUTH_SECRET), accessTtlSeconds: 3600, refreshTtlSeconds: 86_400 },
    });
    expect(t.database.kind).toBe('postgres');
    const db = t.database.db;
    story = await createSeries(db, {
      title: 'Crash Course',
      episodes: { count: 1 + ROUNDS * SINGLES, free: 1, pages: 1 },
    });
    for (let r = 0; r < ROUNDS; r++) {
      bundles.push(await createSeries(db, { title: `Crash Bundle ${r}`, episodes: { count: 3, free: 0, pages: 1 } }));
    }
    const ctx = serviceContext(t);
    const inADay = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < MEMBERS; i++) {
      const m = await createMember(db, t.config.auth);
      await giveCoins(ctx, m.id, CREDIT.COIN);
      await giveCoins(ctx, m.id, CREDIT.BONUS, { ledger: 'BONUS', expiresAt: inADay });
      await giveCoins(ctx, m.id, CREDIT.FREE_COIN, { ledger: 'FREE_COIN', expiresAt: inADay });
      members.push(m);
    }
    const [{ name }] = (
      (await db.execute(sql`select current_database() as name`)) as unknown as {
        rows: [{ name: string }];
      }
    ).rows;
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    api = await apiProcess({ databaseUrl: url.toString(), port: PORT, authSecret: AUTH_SECRET });
    await api.start();
  }, 60_000);

  afterAll(async () => {
    await api?.dispose();
    await t?.close();
  }, 30_000);

  for (let round = 0; round < ROUNDS; round++) {
    it(`round ${round + 1}: SIGKILL mid-burst, restart, the book is whole`, async () => {
      const paid = story.episodes.filter((e) => !e.isFree).slice(round * SINGLES, (round + 1) * SINGLES);
      const bundle = bundles[round];
      if (paid.length !== SINGLES || !bundle) throw new Error('not enough episodes');
      const post = (who: (typeof members)[number], path: string, kind: 'RENT' | 'POSSESSION') =>
        fetch(`${api.url}/api/v1${path}`, {
          method: 'POST',
          headers: { ...brandHeaders(), ...who.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ kind, idempotencyKey: randomUUID() }),
        });
      const requests = members.flatMap((m, i) => [
        ...paid.map((e, j) => () => post(m, `/episodes/${e.id}/purchase`, (i + j) % 2 ? 'RENT' : 'POSSESSION')),
        () => post(m, `/contents/${bundle.id}/purchase-all`, i % 2 ? 'RENT' : 'POSSESSION'),
      ]);
      // Killed once this many answers came back: a different point of the burst each round.
      const killAfter = 8 + round * 17;
      let answered = 0;
      let killing: Promise<void> | undefined;
      const statuses: number[] = [];
      const settled = await Promise.allSettled(
        requests.map(async (send) => {
          const res = await send();
          const body = (await res.json()) as { data?: { purchaseId?: number } };
          statuses.push(res.status);
          if (res.status === 200 && body.data?.purchaseId) acknowledged.add(body.data.purchaseId);
          if (++answered === killAfter) killing = api.kill();
        }),
      );
      await killing;
      const failed = settled.filter((s) => s.status === 'rejected').length;
      // Killed in the middle: some purchases were answered, others never were.
      expect(answered, api.output()).toBeGreaterThanOrEqual(killAfter);
      expect(failed, 'requests cut off by the kill').toBeGreaterThan(0);
      expect(new Set(statuses), api.output()).toEqual(new Set([200]));

      await api.start();
      await checkBook(round + 1);
      // The restarted api serves the same wallet: its balance is the book's.
      const m = members[round % MEMBERS];
      if (!m) throw new Error('no member');
      const coin = await fetch(`${api.url}/api/v1/coin`, { headers: { ...brandHeaders(), ...m.headers } });
      expect(((await coin.json()) as { data: { total: number } }).data.total).toBe(
        await bookBalance(t.database.db, m.id),
      );
    }, 45_000);
  }

  it('stored purchases from every round, and the restarted api still sells', async () => {
    const stored = await Promise.all(members.map((m) => purchasesOf(t.database.db, m.id)));
    expect(stored.reduce((s, p) => s + p.count, 0)).toBeGreaterThanOrEqual(acknowledged.size);
    const m = members[0];
    if (!m) throw new Error('no member');
    // Every episode of the bursts may be bought already: a fresh one-episode series.
    const extra = await createSeries(t.database.db, { episodes: { count: 1, free: 0, pages: 1 } });
    const res = await fetch(`${api.url}/api/v1/episodes/${extra.episodes[0]?.id}/purchase`, {
      method: 'POST',
      headers: { ...brandHeaders(), ...m.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'POSSESSION', idempotencyKey: randomUUID() }),
    });
    expect(res.status, api.output()).toBe(200);
    await checkBook(ROUNDS + 1);
  });
});
