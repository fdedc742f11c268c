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
import {
  afterAllocations,
  allocate,
  allocateDeduction,
  balanceFrom,
  type OpenLot,
  SPENDABLE_LEDGERS,
  totalsByLedger,
} from './rules.js';

// The coin wallet (DESIGN §5): the only writer of the book. Every movement runs in one
// transaction that first locks the member's accounts, is posted in one statement as transfers
// under unique keys (a retry with the same key changes nothing; decision 0149), and a member's
// account can never go below zero.

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

/**
 * The member's wallet as `lock` left it: their account ids, locked until the transaction that
 * locked them ends. Movements of that transaction reuse them instead of locking again.
 */
export interface LockedWallet {
  readonly userId: number;
  readonly accounts: repo.AccountIds;
  /** The transaction holding the lock. */
  readonly db: Db;
}

/** Locks the member's wallet until the caller's transaction ends (every movement of theirs waits). */
export async function lock(ctx: ServiceContext, userId: number): Promise<LockedWallet> {
  if (!ctx.inTransaction) throw new Error('wallet.lock runs inside a transaction');
  return { userId, accounts: await repo.lockMemberAccounts(ctx.db, userId), db: ctx.db };
}

/**
 * The operator's account ids, read once per app (its services: one app, one database) or per
 * database handle for the jobs; the migrations made them and they never change.
 */
const operatorAccountsOf = new WeakMap<object, Promise<repo.OperatorAccounts>>();

function operatorAccounts(owner: object, db: Db): Promise<repo.OperatorAccounts> {
  let known = operatorAccountsOf.get(owner);
  if (!known) {
    known = repo.operatorAccounts(db);
    operatorAccountsOf.set(owner, known);
    // A failed read (a connection lost) is tried again by the next movement.
    known.catch(() => operatorAccountsOf.delete(owner));
  }
  return known;
}

/** Adds coins; false when a movement with this key was already applied (nothing changes). */
export async function credit(ctx: ServiceContext, c: Credit): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const { accounts } = await lock(tx, c.userId);
    const operators = await operatorAccounts(tx.services, tx.db);
    const posted = await repo.post(tx.db, {
      transfers: [
        {
          key: c.key,
          ledger: c.ledger,
          debitAccountId: repo.operatorAccount(operators, c.from, c.ledger, c.userId),
          creditAccountId: accounts[c.ledger],
          amount: c.amount,
          userId: c.userId,
          type: c.type,
          title: c.title,
          source: c.source,
          orderId: c.orderId ?? null,
          note: c.note ?? null,
        },
      ],
      lots: [
        {
          key: c.key,
          userId: c.userId,
          ledger: c.ledger,
          source: c.source,
          amount: c.amount,
          expiresAt: c.expiresAt,
        },
      ],
    });
    return posted.has(c.key);
  });
}

/**
 * Pays `amount` coins for episodes in the spending order (free and bonus coins first), one
 * transfer per coin type keyed `${key}:${ledger}`, from the wallet the caller locked in this
 * transaction; the expiries that are due are written with it. COIN_INSUFFICIENT when the
 * unexpired coins do not cover it. Answers the balance left. Must run inside the caller's
 * transaction (the purchase row commits with it).
 */
export async function spend(
  ctx: ServiceContext,
  wallet: LockedWallet,
  s: { amount: number; key: string; purchaseId: number; title: string },
): Promise<CoinBalance> {
  if (!ctx.inTransaction) throw new Error('wallet.spend runs inside the purchase transaction');
  if (wallet.db !== ctx.db) throw new Error('wallet.spend runs in the transaction that locked the wallet');
  const lots = await repo.openLots(ctx.db, wallet.userId);
  if (s.amount === 0) return balanceFrom(lots, ctx.now);
  // Expired lots are left out by the spending order.
  const allocations = allocate(lots, s.amount, ctx.now);
  if (!allocations) throw new AppError('COIN_INSUFFICIENT');
  const operators = await operatorAccounts(ctx.services, ctx.db);
  const expired = expiries(wallet, operators, lots, ctx.now);
  const keyOf = (ledger: CoinType) => `${s.key}:${ledger}`;
  await repo.post(ctx.db, {
    transfers: [
      ...expired.transfers,
      ...totalsByLedger(allocations).map(([ledger, amount]) => ({
        key: keyOf(ledger),
        ledger,
        debitAccountId: wallet.accounts[ledger],
        creditAccountId: repo.operatorAccount(operators, 'SPENT', ledger, wallet.userId),
        amount,
        userId: wallet.userId,
        type: 'USE' as const,
        title: s.title,
        purchaseId: s.purchaseId,
      })),
    ],
    allocations: [
      ...expired.allocations,
      ...allocations.map((a) => ({ key: keyOf(a.ledger), lotId: a.lotId, amount: a.amount })),
    ],
  });
  return balanceFrom(afterAllocations(lots, [...expired.allocations, ...allocations]), ctx.now);
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
  const { accounts } = await lock(ctx, r.userId);
  const lots = await repo.lotsOfOrder(ctx.db, r.orderId);
  if (lots.length === 0 || lots.some((l) => l.remaining !== l.amount)) return false;
  const operators = await operatorAccounts(ctx.services, ctx.db);
  const keyOf = (lot: (typeof lots)[number]) => `refund:${r.orderId}:${lot.ledger}`;
  await repo.post(ctx.db, {
    transfers: lots.map((lot) => ({
      key: keyOf(lot),
      ledger: lot.ledger,
      debitAccountId: accounts[lot.ledger],
      creditAccountId: repo.operatorAccount(operators, 'REFUNDED', lot.ledger, r.userId),
      amount: lot.amount,
      userId: r.userId,
      type: 'CANCEL' as const,
      title: r.title,
      orderId: r.orderId,
    })),
    allocations: lots.map((lot) => ({ key: keyOf(lot), lotId: lot.id, amount: lot.amount })),
  });
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
    const wallet = await lock(tx, d.userId);
    // Asked first: a retry of an applied deduction is not refused for the coins it took itself.
    if (await repo.transferExists(tx.db, d.key)) return false;
    const lots = await repo.openLots(tx.db, d.userId);
    const allocations = allocateDeduction(
      lots.filter((l) => l.ledger === d.ledger),
      d.amount,
      tx.now,
    );
    if (!allocations) throw new AppError('COIN_INSUFFICIENT');
    const operators = await operatorAccounts(tx.services, tx.db);
    const expired = expiries(wallet, operators, lots, tx.now);
    await repo.post(tx.db, {
      transfers: [
        ...expired.transfers,
        {
          key: d.key,
          ledger: d.ledger,
          debitAccountId: wallet.accounts[d.ledger],
          creditAccountId: repo.operatorAccount(operators, d.to, d.ledger, d.userId),
          amount: d.amount,
          userId: d.userId,
          type: 'USE',
          title: d.title,
          note: d.note,
        },
      ],
      allocations: [
        ...expired.allocations,
        ...allocations.map((a) => ({ key: d.key, lotId: a.lotId, amount: a.amount })),
      ],
    });
    return true;
  });
}

/** The EXPIRE movement of the member's lots whose time has passed: each gives up what is left in it. */
function expiries(
  wallet: Pick<LockedWallet, 'userId' | 'accounts'>,
  operators: repo.OperatorAccounts,
  lots: readonly OpenLot[],
  now: Date,
): { transfers: repo.NewTransfer[]; allocations: repo.KeyedAllocation[] } {
  // In coin-type, then lot order, so that the history lists them alike everywhere; the accounts
  // are locked in id order by the statement that posts them, whatever this order.
  const due = lots
    .filter((l) => l.remaining > 0 && l.expiresAt !== null && l.expiresAt <= now)
    .sort((a, b) => a.ledger.localeCompare(b.ledger) || a.id - b.id);
  return {
    transfers: due.map((lot) => ({
      key: `expire:${lot.id}`,
      ledger: lot.ledger,
      debitAccountId: wallet.accounts[lot.ledger],
      creditAccountId: repo.operatorAccount(operators, 'EXPIRED', lot.ledger, wallet.userId),
      amount: lot.remaining,
      userId: wallet.userId,
      type: 'EXPIRE',
      title: 'EXPIRE',
    })),
    allocations: due.map((lot) => ({ key: `expire:${lot.id}`, lotId: lot.id, amount: lot.remaining })),
  };
}

/**
 * The expiry job: every lot past its expiry, member by member, each in its own transaction. Safe
 * on several replicas at once: the member's accounts are locked and each expiry has its own key.
 */
export async function expireDue(db: Db, now: Date, batch = 500): Promise<number> {
  const operators = await operatorAccounts(db, db);
  let expired = 0;
  for (;;) {
    const due = await repo.dueLots(db, now, batch);
    if (due.length === 0) return expired;
    for (const userId of new Set(due.map((d) => d.userId))) {
      expired += await db.transaction(async (tx) => {
        const wallet = { userId, accounts: await repo.lockMemberAccounts(tx, userId) };
        const movement = expiries(wallet, operators, await repo.openLots(tx, userId), now);
        await repo.post(tx, movement);
        return movement.transfers.length;
      });
    }
  }
}

/** Balances by type as they can be used now, and the soonest expiries (spec §7 GET /coin). */
export function balance(ctx: MemberContext): Promise<CoinBalance> {
  return balanceOf(ctx, ctx.user.id);
}

/** A member's balances as `balance` gives them, read for someone else (an admin's adjustment). */
export async function balanceOf(ctx: ServiceContext, userId: number): Promise<CoinBalance> {
  return balanceFrom(await repo.balances(ctx.db, userId, ctx.now), ctx.now);
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
