import {
  AppError,
  type CoinBalance,
  type CoinHistoryType,
  type CoinLot,
  type CoinLotsResponse,
  type CoinSource,
  type CoinType,
  type CoinUsedResponse,
  DAY_MS,
  EXCHANGED_BONUS_VALID_DAYS,
  HISTORY_WINDOW_DAYS,
  type HistoryEntry,
  type HistoryKind,
  type HistoryPage,
  LEDGER_EMPTIED_LOTS_MAX,
  largestMileageExchange,
  MILEAGE_EXCHANGE_UNIT,
  MILEAGE_MIN_EXCHANGE,
  type MileageExchangeInfo,
  type MileageExchangeRequest,
  type MileageExchangeResult,
  quoteMileageExchange,
} from '@balcony/contracts';
import { type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { OperatorAccount } from '../../db/schema.js';
import { arrangeLedger, ledgerCsv, lotOrigin, lotStatus, useKind } from './ledger.js';
import * as repo from './repo.js';
import { afterAllocations, allocateDeduction, balanceFrom, type OpenLot, SPENDABLE_LEDGERS } from './rules.js';

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
 * The operator's accounts a member's coins go to when they pay for episodes (SPENT) and when
 * lots expire on the way (EXPIRED), by coin type: the purchase statement posts to them.
 */
export async function paymentAccounts(
  ctx: ServiceContext,
  userId: number,
): Promise<{ spent: Record<CoinType, number>; expired: Record<CoinType, number> }> {
  const operators = await operatorAccounts(ctx.services, ctx.db);
  const byLedger = (operator: OperatorAccount) =>
    Object.fromEntries(repo.LEDGERS.map((l) => [l, repo.operatorAccount(operators, operator, l, userId)])) as Record<
      CoinType,
      number
    >;
  return { spent: byLedger('SPENT'), expired: byLedger('EXPIRED') };
}

/** Balances by type of these lots holding coins, as GET /coin gives them. */
export const balanceOfLots = (ctx: ServiceContext, lots: Parameters<typeof balanceFrom>[0]): CoinBalance =>
  balanceFrom(lots, ctx.now);

/**
 * Takes back every coin an order credited, and the points it earned, all of them still unspent
 * (a refund within 7 days). COIN_INSUFFICIENT-free by construction: false when some of them were
 * spent, exchanged or expired. Coins are taken back under `title`, points under `pointsTitle`.
 */
export async function reverseOrderCredit(
  ctx: ServiceContext,
  r: { userId: number; orderId: number; title: string; pointsTitle: string },
): Promise<boolean> {
  if (!ctx.inTransaction) throw new Error('wallet.reverseOrderCredit runs inside the refund transaction');
  const { accounts } = await lock(ctx, r.userId);
  const lots = await repo.lotsOfOrder(ctx.db, r.orderId);
  if (lots.length === 0 || lots.some((l) => l.remaining !== l.amount)) return false;
  const operators = await operatorAccounts(ctx.services, ctx.db);
  // One key per lot: the order's own lot of a ledger keeps `refund:{order}:{ledger}`; a later lot
  // of the same ledger (an event's addEarn bonus on the charge, decision 0241) adds its id.
  const firstOfLedger = new Map<CoinType, number>();
  for (const lot of [...lots].sort((a, b) => a.id - b.id)) {
    if (!firstOfLedger.has(lot.ledger)) firstOfLedger.set(lot.ledger, lot.id);
  }
  const keyOf = (lot: (typeof lots)[number]) =>
    firstOfLedger.get(lot.ledger) === lot.id
      ? `refund:${r.orderId}:${lot.ledger}`
      : `refund:${r.orderId}:${lot.ledger}:${lot.id}`;
  await repo.post(ctx.db, {
    transfers: lots.map((lot) => ({
      key: keyOf(lot),
      ledger: lot.ledger,
      debitAccountId: accounts[lot.ledger],
      creditAccountId: repo.operatorAccount(operators, 'REFUNDED', lot.ledger, r.userId),
      amount: lot.amount,
      userId: r.userId,
      type: 'CANCEL' as const,
      title: lot.ledger === 'MILEAGE' ? r.pointsTitle : r.title,
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

/**
 * Moves every unexpired coin of one member to another (an iOS guest joining a web account,
 * decision 0273): each lot of `from` is one transfer under `${key}:${lot id}` from `from`'s
 * account to `to`'s on its ledger, crediting a lot of `to` with the same source and expiry; the
 * expiries that are due are written first. Both wallets are locked by the caller, in the caller's
 * transaction (lower user id first). A retry with the same key moves nothing twice. Answers the
 * coins moved per coin type.
 */
export async function moveAll(
  ctx: ServiceContext,
  from: LockedWallet,
  to: LockedWallet,
  m: { key: string; title: string },
): Promise<Partial<Record<CoinType, number>>> {
  if (!ctx.inTransaction || from.db !== ctx.db || to.db !== ctx.db) {
    throw new Error('wallet.moveAll runs in the transaction that locked both wallets');
  }
  if (from.userId === to.userId) throw new Error('wallet.moveAll moves between two members');
  const lots = await repo.openLotsWithSource(ctx.db, from.userId);
  const operators = await operatorAccounts(ctx.services, ctx.db);
  const expired = expiries(from, operators, lots, ctx.now);
  const due = new Set(expired.allocations.map((a) => a.lotId));
  const moving = lots.filter((lot) => !due.has(lot.id));
  const keyOf = (lot: { id: number }) => `${m.key}:${lot.id}`;
  const posted = await repo.post(ctx.db, {
    transfers: [
      ...expired.transfers,
      ...moving.map((lot) => ({
        key: keyOf(lot),
        ledger: lot.ledger,
        debitAccountId: from.accounts[lot.ledger],
        creditAccountId: to.accounts[lot.ledger],
        amount: lot.remaining,
        userId: to.userId,
        type: 'CHARGE' as const,
        title: m.title,
        source: lot.source,
      })),
    ],
    allocations: [
      ...expired.allocations,
      ...moving.map((lot) => ({ key: keyOf(lot), lotId: lot.id, amount: lot.remaining })),
    ],
    lots: moving.map((lot) => ({
      key: keyOf(lot),
      userId: to.userId,
      ledger: lot.ledger,
      source: lot.source,
      amount: lot.remaining,
      expiresAt: lot.expiresAt,
    })),
  });
  const moved: Partial<Record<CoinType, number>> = {};
  for (const lot of moving) {
    if (posted.has(keyOf(lot))) moved[lot.ledger] = (moved[lot.ledger] ?? 0) + lot.remaining;
  }
  return moved;
}

/** The transfer keys of one exchange: the member's own key, so two members' keys never meet. */
function exchangeKeys(userId: number, key: string) {
  const base = `exchange:${userId}:${key}`;
  return { points: `${base}:MILEAGE`, bonus: `${base}:BONUS` };
}

/**
 * Exchanges points for bonus coins (spec §5, §9; docs/decisions/0166-exchanging-points.md): in
 * one movement on the locked wallet, `points` leave the member's soonest-expiring points lots for
 * the operator's EXCHANGE account, and floor(points / the brand's rate) bonus coins valid 30 days
 * come from it, both titled EXCHANGE_MILEAGE with source MILEAGE; the expiries that are due are
 * written with it. Refusals are validateMileageExchange's: EXCHANGE_MILEAGE_INSUFFICIENT for an
 * amount under 3000 or between two units of 100, MILEAGE_INSUFFICIENT past the unexpired points.
 * The member's key is applied once: a retry answers what the first did; the key with other points
 * is INVALID_PARAMETER.
 */
export async function exchangeMileage(
  ctx: MemberContext,
  input: MileageExchangeRequest,
): Promise<MileageExchangeResult> {
  return withTransaction(ctx, async (tx) => {
    const wallet = await lock(tx, tx.user.id);
    const keys = exchangeKeys(wallet.userId, input.key);
    // Asked after the lock and before the balance: a retry is answered, not refused for the points it took itself.
    const earlier = await repo.exchangeByKeys(tx.db, keys);
    if (earlier) {
      if (earlier.points !== input.points) {
        throw new AppError('INVALID_PARAMETER', {
          field: 'key',
          reason: 'this key was already used for another exchange',
        });
      }
      return {
        points: earlier.points,
        bonusCoins: earlier.bonusCoins,
        bonusExpiresAt: earlier.bonusExpiresAt.toISOString(),
        balance: await balanceOf(tx, wallet.userId),
      };
    }
    const lots = await repo.openLots(tx.db, wallet.userId);
    const quote = quoteMileageExchange({
      points: input.points,
      held: balanceFrom(lots, tx.now).mileage,
      pointsPerCoin: tx.brand.pointsPerCoin,
      now: tx.now,
    });
    if (quote.refusal) throw new AppError(quote.refusal);
    const taken = allocateDeduction(
      lots.filter((l) => l.ledger === 'MILEAGE'),
      input.points,
      tx.now,
    );
    if (!taken) throw new AppError('MILEAGE_INSUFFICIENT');
    const operators = await operatorAccounts(tx.services, tx.db);
    const expired = expiries(wallet, operators, lots, tx.now);
    const bonusExpiresAt = new Date(quote.bonusExpiresAt);
    const exchange = { userId: wallet.userId, title: 'EXCHANGE_MILEAGE', source: 'MILEAGE' } as const;
    await repo.post(tx.db, {
      transfers: [
        ...expired.transfers,
        {
          ...exchange,
          key: keys.points,
          ledger: 'MILEAGE',
          debitAccountId: wallet.accounts.MILEAGE,
          creditAccountId: repo.operatorAccount(operators, 'EXCHANGE', 'MILEAGE', wallet.userId),
          amount: input.points,
          type: 'USE',
        },
        {
          ...exchange,
          key: keys.bonus,
          ledger: 'BONUS',
          debitAccountId: repo.operatorAccount(operators, 'EXCHANGE', 'BONUS', wallet.userId),
          creditAccountId: wallet.accounts.BONUS,
          amount: quote.bonusCoins,
          type: 'CHARGE',
        },
      ],
      allocations: [
        ...expired.allocations,
        ...taken.map((a) => ({ key: keys.points, lotId: a.lotId, amount: a.amount })),
      ],
      lots: [
        {
          key: keys.bonus,
          userId: wallet.userId,
          ledger: 'BONUS',
          source: 'MILEAGE',
          amount: quote.bonusCoins,
          expiresAt: bonusExpiresAt,
        },
      ],
    });
    const after = [
      ...afterAllocations(lots, [...expired.allocations, ...taken]),
      { ledger: 'BONUS' as const, remaining: quote.bonusCoins, expiresAt: bonusExpiresAt },
    ];
    return {
      points: input.points,
      bonusCoins: quote.bonusCoins,
      bonusExpiresAt: quote.bonusExpiresAt,
      balance: balanceFrom(after, tx.now),
    };
  });
}

/**
 * GET /coin/mileage/exchange: the unexpired points held, the lot that expires first, the brand's
 * rule, the most one exchange can take now, and for `points` the quote of that exchange (the
 * same arithmetic as `exchangeMileage`; nothing changes).
 */
export async function mileageExchangeInfo(
  ctx: MemberContext,
  points: number | undefined,
): Promise<MileageExchangeInfo> {
  // Unexpired lots with points left (expired ones are left out by the query).
  const lots = (await repo.balances(ctx.db, ctx.user.id, ctx.now)).filter((l) => l.ledger === 'MILEAGE');
  const held = lots.reduce((sum, l) => sum + l.remaining, 0);
  const soonest = lots
    .filter((l): l is typeof l & { expiresAt: Date } => l.expiresAt !== null)
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())[0];
  return {
    mileage: held,
    soonestExpiry: soonest ? { amount: soonest.remaining, expiresAt: soonest.expiresAt.toISOString() } : null,
    pointsPerCoin: ctx.brand.pointsPerCoin,
    minimum: MILEAGE_MIN_EXCHANGE,
    unit: MILEAGE_EXCHANGE_UNIT,
    bonusValidDays: EXCHANGED_BONUS_VALID_DAYS,
    maxPoints: largestMileageExchange(held),
    quote:
      points === undefined
        ? null
        : quoteMileageExchange({ points, held, pointsPerCoin: ctx.brand.pointsPerCoin, now: ctx.now }),
  };
}

/** A lot as an account transfer took it: what was left in it, with its expiry. */
export interface LotTransferredOut {
  lotId: number;
  ledger: CoinType;
  source: CoinSource;
  amount: number;
  expiresAt: Date | null;
  createdAt: Date;
}

/**
 * Closes the member's coins for an account transfer (decision 0251), on the wallet the caller
 * locked in this transaction: every unexpired lot's remainder moves to the operator's
 * TRANSFERRED account, lot by lot under `${key}:${lotId}` (type USE, title TRANSFER_OUT), and
 * lots past their expiry expire as usual, in one statement. Every balance is zero after it.
 * Answers the lots that left, in lot order.
 */
export async function transferOut(
  ctx: ServiceContext,
  wallet: LockedWallet,
  key: string,
): Promise<LotTransferredOut[]> {
  if (!ctx.inTransaction) throw new Error('wallet.transferOut runs inside the transfer transaction');
  if (wallet.db !== ctx.db) throw new Error('wallet.transferOut runs in the transaction that locked the wallet');
  const lots = await repo.openLotsWithSource(ctx.db, wallet.userId);
  const operators = await operatorAccounts(ctx.services, ctx.db);
  const expired = expiries(wallet, operators, lots, ctx.now);
  const leaving = lots.filter((l) => l.expiresAt === null || l.expiresAt > ctx.now);
  const keyOf = (lot: (typeof lots)[number]) => `${key}:${lot.id}`;
  await repo.post(ctx.db, {
    transfers: [
      ...expired.transfers,
      ...leaving.map((lot) => ({
        key: keyOf(lot),
        ledger: lot.ledger,
        debitAccountId: wallet.accounts[lot.ledger],
        creditAccountId: repo.operatorAccount(operators, 'TRANSFERRED', lot.ledger, wallet.userId),
        amount: lot.remaining,
        userId: wallet.userId,
        type: 'USE' as const,
        title: 'TRANSFER_OUT',
        source: lot.source,
      })),
    ],
    allocations: [
      ...expired.allocations,
      ...leaving.map((lot) => ({ key: keyOf(lot), lotId: lot.id, amount: lot.remaining })),
    ],
  });
  return leaving.map((lot) => ({
    lotId: lot.id,
    ledger: lot.ledger,
    source: lot.source,
    amount: lot.remaining,
    expiresAt: lot.expiresAt,
    createdAt: lot.createdAt,
  }));
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

type ReferenceFields = Pick<
  HistoryRow,
  | 'orderId'
  | 'productName'
  | 'purchaseId'
  | 'seriesId'
  | 'seriesTitle'
  | 'purchaseKind'
  | 'episodeIds'
  | 'episodeNumber'
  | 'note'
>;

function referenceOf(row: ReferenceFields): HistoryEntry['reference'] {
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

function toHistoryEntry(r: HistoryRow): HistoryEntry {
  return {
    id: r.id,
    type: r.type,
    title: r.title as HistoryEntry['title'],
    coinType: r.ledger,
    source: r.source,
    amount: r.credited ? r.amount : -r.amount,
    expiresAt: r.credited ? (r.lotExpiresAt?.toISOString() ?? null) : null,
    reference: referenceOf(r),
    createdAt: r.createdAt.toISOString(),
  };
}

const EVERY_TYPE: readonly CoinHistoryType[] = ['CHARGE', 'USE', 'EXPIRE', 'CANCEL', 'REFUND_PURCHASE'];

/** A member's latest movements of every coin type and kind, newest first (the console's ledger). */
export async function latestTransfers(ctx: ServiceContext, userId: number, limit: number): Promise<HistoryEntry[]> {
  const { rows } = await repo.history(
    ctx.db,
    userId,
    { ledgers: repo.LEDGERS, types: EVERY_TYPE, since: new Date(0) },
    { offset: 0, limit },
  );
  return rows.map(toHistoryEntry);
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
    items: rows.map(toHistoryEntry),
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

const NO_PURCHASE = {
  purchaseId: null,
  seriesId: null,
  seriesTitle: null,
  purchaseKind: null,
  episodeIds: null,
  episodeNumber: null,
} as const;

type LotRow = Awaited<ReturnType<typeof repo.lotsWithUses>>[number];
type DatedUse = Omit<CoinLot['uses'][number], 'createdAt'> & { createdAt: Date };
type DatedLot = Omit<CoinLot, 'createdAt' | 'expiresAt' | 'uses' | 'status'> & {
  createdAt: Date;
  expiresAt: Date | null;
  uses: DatedUse[];
};

/** The rows of `repo.lotsWithUses` (one per lot and use) as lots, each with its uses oldest first. */
function lotsOfRows(rows: readonly LotRow[]): DatedLot[] {
  const lots = new Map<number, DatedLot>();
  for (const row of rows) {
    let lot = lots.get(row.id);
    if (!lot) {
      lot = {
        id: row.id,
        coinType: row.ledger,
        source: row.source,
        origin: lotOrigin(row.source, row.title),
        title: row.title as CoinLot['title'],
        reference: referenceOf({ ...NO_PURCHASE, orderId: row.orderId, productName: row.productName, note: row.note }),
        amount: row.amount,
        remaining: row.remaining,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
        uses: [],
      };
      lots.set(row.id, lot);
    }
    const use = row.use;
    // A lot never used comes once, without a use.
    if (!use || use.transferId === null || use.amount === null || use.type === null || use.title === null) continue;
    if (use.createdAt === null) continue;
    lot.uses.push({
      transferId: use.transferId,
      kind: useKind(use.type, use.title, use.purchaseId),
      title: use.title as CoinLot['title'],
      amount: use.amount,
      createdAt: use.createdAt,
      reference: referenceOf({ ...use, orderId: null, productName: null }),
    });
  }
  return [...lots.values()];
}

/**
 * GET /coin/lots: the member's own lots (every one holding coins, and those emptied within the
 * use history's window of spec §9), where each came from, what is left, when it expires and
 * where its coins went, read in one statement. The balance is `balanceFrom` of these same lots,
 * so it is GET /coin's, and the OPEN lots of each type add up to it (decision 0170).
 */
export function lots(ctx: MemberContext): Promise<CoinLotsResponse> {
  return lotsOf(ctx, ctx.user.id);
}

/** The lots of `lots`, read for someone else (the console's ledger of a member). */
export async function lotsOf(ctx: ServiceContext, userId: number): Promise<CoinLotsResponse> {
  const windowDays = HISTORY_WINDOW_DAYS.use;
  const since = new Date(ctx.now.getTime() - windowDays * DAY_MS);
  // One emptied lot more than are shown tells whether some were left out.
  const all = lotsOfRows(await repo.lotsWithUses(ctx.db, userId, since, LEDGER_EMPTIED_LOTS_MAX + 1));
  const { lots: listed, moreEmptied } = arrangeLedger(all, ctx.now, LEDGER_EMPTIED_LOTS_MAX);
  return {
    lots: listed.map((lot) => ({
      ...lot,
      status: lotStatus(lot, ctx.now),
      createdAt: lot.createdAt.toISOString(),
      expiresAt: lot.expiresAt?.toISOString() ?? null,
      uses: lot.uses.map((use) => ({ ...use, createdAt: use.createdAt.toISOString() })),
    })),
    // Every lot holding coins is among them: the same lots GET /coin sums, summed the same way.
    balance: balanceFrom(
      all.map((lot) => ({ ledger: lot.coinType, remaining: lot.remaining, expiresAt: lot.expiresAt })),
      ctx.now,
    ),
    windowDays,
    moreEmptied,
  };
}

/** GET /coin/lots.csv: the lots of `lots` as CSV, a row per credit and per use, and the file's name (decision 0171). */
export async function lotsCsv(ctx: MemberContext): Promise<{ fileName: string; csv: string }> {
  return {
    fileName: `coins-${ctx.now.toISOString().slice(0, 10)}.csv`,
    csv: ledgerCsv((await lots(ctx)).lots),
  };
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
