import {
  AppError,
  type CoinBalance,
  type CoinHistoryType,
  type CoinSource,
  type CoinType,
  type CoinUsedResponse,
  DAY_MS,
  HISTORY_WINDOW_DAYS,
  type HistoryEntry,
  type HistoryKind,
  type HistoryPage,
} from '@balcony/contracts';
import { type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { OperatorAccount } from '../../db/schema.js';
import * as repo from './repo.js';
import { allocate, allocateDeduction, type OpenLot, SPENDABLE_LEDGERS, totalsByLedger } from './rules.js';

// The coin wallet (DESIGN §5): the only writer of the book. Every movement runs in one
// transaction that first locks the member's accounts, is posted as a transfer under a unique key
// (a retry with the same key changes nothing), and a member's account can never go below zero.

export { SPENDABLE_LEDGERS } from './rules.js';

/** A credit into a member's account: a lot of `amount` coins that may expire. */
export interface Credit {
  userId: number;
  ledger: CoinType;
  amount: number;
  source: CoinSource;
  /** Where the coins come from on the operator's side. */
  from: OperatorAccount;
  /** Unique per movement: the same key is applied once. */
  key: string;
  type: CoinHistoryType;
  title: string;
  expiresAt: Date | null;
  orderId?: number;
  note?: string;
}

/** Locks the member's wallet until the caller's transaction ends (every movement of theirs waits). */
export async function lock(ctx: ServiceContext, userId: number): Promise<void> {
  if (!ctx.inTransaction) throw new Error('wallet.lock runs inside a transaction');
  await repo.lockMemberAccounts(ctx.db, userId);
}

/** Adds coins; false when a movement with this key was already applied (nothing changes). */
export async function credit(ctx: ServiceContext, c: Credit): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const accounts = await repo.lockMemberAccounts(tx.db, c.userId);
    if (await repo.transferExists(tx.db, c.key)) return false;
    const transferId = await repo.postTransfer(tx.db, {
      key: c.key,
      ledger: c.ledger,
      debitAccountId: await repo.operatorAccount(tx.db, c.from, c.ledger, c.userId),
      creditAccountId: accounts[c.ledger],
      amount: c.amount,
      userId: c.userId,
      type: c.type,
      title: c.title,
      source: c.source,
      orderId: c.orderId ?? null,
      note: c.note ?? null,
    });
    await repo.insertLot(tx.db, {
      userId: c.userId,
      ledger: c.ledger,
      transferId,
      source: c.source,
      amount: c.amount,
      expiresAt: c.expiresAt,
    });
    return true;
  });
}

/**
 * Pays `amount` coins for episodes in the spending order (free and bonus coins first), one
 * transfer per coin type keyed `${key}:${ledger}`. COIN_INSUFFICIENT when the unexpired coins do
 * not cover it. Must run inside the caller's transaction (the purchase row commits with it).
 */
export async function spend(
  ctx: ServiceContext,
  s: { userId: number; amount: number; key: string; purchaseId: number; title: string },
): Promise<void> {
  if (!ctx.inTransaction) throw new Error('wallet.spend runs inside the purchase transaction');
  if (s.amount === 0) return;
  const accounts = await repo.lockMemberAccounts(ctx.db, s.userId);
  const lots = await repo.openLots(ctx.db, s.userId, repo.LEDGERS);
  await expireDueLots(ctx.db, ctx.now, s.userId, accounts, lots);
  // Expired lots are left out by the spending order.
  const allocations = allocate(lots, s.amount, ctx.now);
  if (!allocations) throw new AppError('COIN_INSUFFICIENT');
  for (const [ledger, amount] of totalsByLedger(allocations)) {
    const transferId = await repo.postTransfer(ctx.db, {
      key: `${s.key}:${ledger}`,
      ledger,
      debitAccountId: accounts[ledger],
      creditAccountId: await repo.operatorAccount(ctx.db, 'SPENT', ledger, s.userId),
      amount,
      userId: s.userId,
      type: 'USE',
      title: s.title,
      purchaseId: s.purchaseId,
    });
    await repo.allocateLots(
      ctx.db,
      transferId,
      allocations.filter((a) => a.ledger === ledger),
    );
  }
}

/**
 * Takes back every coin an order credited, all of them still unspent (a refund within 7 days).
 * COIN_INSUFFICIENT-free by construction: false when some of them were spent or expired.
 */
export async function reverseOrderCredit(
  ctx: ServiceContext,
  r: { userId: number; orderId: number; title: string },
): Promise<boolean> {
  if (!ctx.inTransaction) throw new Error('wallet.reverseOrderCredit runs inside the refund transaction');
  const accounts = await repo.lockMemberAccounts(ctx.db, r.userId);
  // Sorted by coin type, as every movement takes the operator's accounts (no deadlock).
  const lots = (await repo.lotsOfOrder(ctx.db, r.orderId)).sort((a, b) => a.ledger.localeCompare(b.ledger));
  if (lots.length === 0 || lots.some((l) => l.remaining !== l.amount)) return false;
  for (const lot of lots) {
    const transferId = await repo.postTransfer(ctx.db, {
      key: `refund:${r.orderId}:${lot.ledger}`,
      ledger: lot.ledger,
      debitAccountId: accounts[lot.ledger],
      creditAccountId: await repo.operatorAccount(ctx.db, 'REFUNDED', lot.ledger, r.userId),
      amount: lot.amount,
      userId: r.userId,
      type: 'CANCEL',
      title: r.title,
      orderId: r.orderId,
    });
    await repo.allocateLots(ctx.db, transferId, [{ lotId: lot.id, ledger: lot.ledger, amount: lot.amount }]);
  }
  return true;
}

/**
 * Deducts coins of one type (an admin's correction), taking from its lots in the spending
 * order; COIN_INSUFFICIENT past the balance.
 */
export async function deduct(
  ctx: ServiceContext,
  d: {
    userId: number;
    ledger: CoinType;
    amount: number;
    key: string;
    to: OperatorAccount;
    title: string;
    note: string;
  },
): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const accounts = await repo.lockMemberAccounts(tx.db, d.userId);
    if (await repo.transferExists(tx.db, d.key)) return false;
    await expireDueLots(tx.db, tx.now, d.userId, accounts);
    const allocations = allocateDeduction(await repo.openLots(tx.db, d.userId, [d.ledger]), d.amount, tx.now);
    if (!allocations) throw new AppError('COIN_INSUFFICIENT');
    const transferId = await repo.postTransfer(tx.db, {
      key: d.key,
      ledger: d.ledger,
      debitAccountId: accounts[d.ledger],
      creditAccountId: await repo.operatorAccount(tx.db, d.to, d.ledger, d.userId),
      amount: d.amount,
      userId: d.userId,
      type: 'USE',
      title: d.title,
      note: d.note,
    });
    await repo.allocateLots(tx.db, transferId, allocations);
    return true;
  });
}

/** Writes the EXPIRE movements of the member's lots whose time has passed (locked accounts given). */
async function expireDueLots(
  db: Db,
  now: Date,
  userId: number,
  accounts: repo.AccountIds,
  open?: readonly OpenLot[],
): Promise<number> {
  const lots = open ?? (await repo.openLots(db, userId, repo.LEDGERS));
  // In one order for everyone (coin type, then lot), so two members' expiries take the
  // operator's EXPIRED accounts in the same order and never deadlock.
  const due = lots
    .filter((l) => l.expiresAt !== null && l.expiresAt <= now)
    .sort((a, b) => a.ledger.localeCompare(b.ledger) || a.id - b.id);
  for (const lot of due) {
    const transferId = await repo.postTransfer(db, {
      key: `expire:${lot.id}`,
      ledger: lot.ledger,
      debitAccountId: accounts[lot.ledger],
      creditAccountId: await repo.operatorAccount(db, 'EXPIRED', lot.ledger, userId),
      amount: lot.remaining,
      userId,
      type: 'EXPIRE',
      title: 'EXPIRE',
    });
    await repo.allocateLots(db, transferId, [{ lotId: lot.id, ledger: lot.ledger, amount: lot.remaining }]);
  }
  return due.length;
}

/**
 * The expiry job: every lot past its expiry, member by member, each in its own transaction. Safe
 * on several replicas at once: the member's accounts are locked and each expiry has its own key.
 */
export async function expireDue(db: Db, now: Date, batch = 500): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await repo.dueLots(db, now, batch);
    if (due.length === 0) return expired;
    for (const userId of new Set(due.map((d) => d.userId))) {
      expired += await db.transaction(async (tx) =>
        expireDueLots(tx, now, userId, await repo.lockMemberAccounts(tx, userId)),
      );
    }
  }
}

const MAX_EXPIRING_SHOWN = 5;

/** Balances by type as they can be used now, and the soonest expiries (spec §7 GET /coin). */
export function balance(ctx: MemberContext): Promise<CoinBalance> {
  return balanceOf(ctx, ctx.user.id);
}

/** A member's balances as `balance` gives them, read for someone else (an admin's adjustment). */
export async function balanceOf(ctx: ServiceContext, userId: number): Promise<CoinBalance> {
  const lots = await repo.balances(ctx.db, userId, ctx.now);
  const sum = (ledger: CoinType) => lots.filter((l) => l.ledger === ledger).reduce((s, l) => s + l.remaining, 0);
  const coin = sum('COIN');
  const freeCoin = sum('FREE_COIN');
  const bonus = sum('BONUS');
  const expiring = lots
    .filter((l): l is typeof l & { expiresAt: Date } => l.expiresAt !== null)
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())
    .slice(0, MAX_EXPIRING_SHOWN)
    .map((l) => ({ type: l.ledger, amount: l.remaining, expiresAt: l.expiresAt.toISOString() }));
  return { coin, freeCoin, bonus, mileage: sum('MILEAGE'), total: coin + freeCoin + bonus, expiring };
}

const HISTORY_FILTERS: Record<HistoryKind, { ledgers: readonly CoinType[]; types: readonly CoinHistoryType[] }> = {
  charge: { ledgers: SPENDABLE_LEDGERS, types: ['CHARGE', 'CANCEL'] },
  use: { ledgers: SPENDABLE_LEDGERS, types: ['USE', 'EXPIRE', 'REFUND_PURCHASE'] },
  mileage: { ledgers: ['MILEAGE'], types: ['CHARGE', 'USE', 'EXPIRE', 'CANCEL', 'REFUND_PURCHASE'] },
};

type HistoryRow = Awaited<ReturnType<typeof repo.history>>['rows'][number];

function referenceOf(row: HistoryRow): HistoryEntry['reference'] {
  if (row.orderId !== null && row.productName !== null) {
    return { kind: 'PRODUCT', orderId: row.orderId, name: row.productName };
  }
  if (row.purchaseId !== null && row.seriesId !== null && row.seriesTitle !== null && row.purchaseKind !== null) {
    const ids = row.episodeIds ?? [];
    return {
      kind: 'EPISODE',
      seriesId: row.seriesId,
      seriesTitle: row.seriesTitle,
      episodeId: ids.length === 1 ? (ids[0] ?? null) : null,
      episodeNumber: ids.length === 1 ? row.episodeNumber : null,
      episodeCount: ids.length,
      purchase: row.purchaseKind,
    };
  }
  return row.note ? { kind: 'NOTE', note: row.note } : null;
}

/** /history/charge, /history/use and /history/mileage: the member's movements in the window of spec §9. */
export async function history(
  ctx: MemberContext,
  kind: HistoryKind,
  page: { page: number; size: number },
): Promise<HistoryPage> {
  const windowDays = HISTORY_WINDOW_DAYS[kind];
  const since = new Date(ctx.now.getTime() - windowDays * DAY_MS);
  const { rows, total } = await repo.history(
    ctx.db,
    ctx.user.id,
    { ...HISTORY_FILTERS[kind], since },
    { offset: (page.page - 1) * page.size, limit: page.size },
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title as HistoryEntry['title'],
      coinType: r.ledger,
      source: r.source,
      amount: r.credited ? r.amount : -r.amount,
      expiresAt: r.credited ? (r.lotExpiresAt?.toISOString() ?? null) : null,
      reference: referenceOf(r),
      createdAt: r.createdAt.toISOString(),
    })),
    page: page.page,
    size: page.size,
    total,
    windowDays,
  };
}

/** Coins used on episodes, newest first (GET /coin/user/used, docs/decisions/0050-coins-used.md). */
export async function coinsUsed(ctx: MemberContext): Promise<CoinUsedResponse> {
  const since = new Date(ctx.now.getTime() - HISTORY_WINDOW_DAYS.use * DAY_MS);
  const { rows } = await repo.history(
    ctx.db,
    ctx.user.id,
    { ledgers: SPENDABLE_LEDGERS, types: ['USE', 'REFUND_PURCHASE'], since },
    { offset: 0, limit: 100 },
  );
  const items = rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    amount: r.credited ? -r.amount : r.amount,
    createdAt: r.createdAt.toISOString(),
  }));
  return { total: items.reduce((s, i) => s + i.amount, 0), items };
}

/** What `npm run check:ledger` proves (DESIGN §5); every list empty means the book is sound. */
export async function checkLedger(db: Db) {
  const [unbalanced, accounts, lots, members] = await Promise.all([
    repo.unbalancedLedgers(db),
    repo.accountsOffTheirTransfers(db),
    repo.lotsOffTheirAllocations(db),
    repo.membersOffTheirLots(db),
  ]);
  return { unbalanced, accounts, lots, members };
}
