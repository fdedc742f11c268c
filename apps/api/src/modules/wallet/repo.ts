import type { CoinHistoryType, CoinSource, CoinType } from '@balcony/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  coinLots,
  episodePurchases,
  ledgerAccounts,
  ledgerTransfers,
  lotAllocations,
  OPERATOR_SHARDS,
  type OperatorAccount,
  orders,
  series,
} from '../../db/schema.js';
import type { Allocation, OpenLot } from './rules.js';

// Queries of the coin book (DESIGN §5): accounts, transfers, lots and their allocations.

export const LEDGERS: readonly CoinType[] = ['COIN', 'FREE_COIN', 'BONUS', 'MILEAGE'];

export type AccountIds = Record<CoinType, number>;

/**
 * The member's four accounts, created on first use, locked until the transaction ends (always in
 * the same order, so two movements of one member wait for each other instead of deadlocking).
 */
export async function lockMemberAccounts(db: Db, userId: number): Promise<AccountIds> {
  const lock = () =>
    db
      .select({ id: ledgerAccounts.id, ledger: ledgerAccounts.ledger })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
  let rows = await lock();
  if (rows.length < LEDGERS.length) {
    await db
      .insert(ledgerAccounts)
      .values(LEDGERS.map((ledger) => ({ userId, ledger })))
      .onConflictDoNothing();
    rows = await lock();
  }
  return Object.fromEntries(rows.map((r) => [r.ledger, r.id])) as AccountIds;
}

/**
 * The operator's account of a ledger on the other side of a member's movement (made by the
 * migrations): one of OPERATOR_SHARDS, picked by member, so members do not queue on one row.
 */
export async function operatorAccount(
  db: Db,
  operator: OperatorAccount,
  ledger: CoinType,
  userId: number,
): Promise<number> {
  const shard = userId % OPERATOR_SHARDS;
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.operator, operator), eq(ledgerAccounts.ledger, ledger), eq(ledgerAccounts.shard, shard)),
    );
  if (!row) throw new Error(`operator account ${operator}/${ledger}/${shard} is missing: run the migrations`);
  return row.id;
}

export interface NewTransfer {
  key: string;
  ledger: CoinType;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  userId: number;
  type: CoinHistoryType;
  title: string;
  source?: CoinSource | null;
  orderId?: number | null;
  purchaseId?: number | null;
  note?: string | null;
}

/** Posts a movement and its effect on both accounts; a member's account below zero is refused by its check. */
export async function postTransfer(db: Db, t: NewTransfer): Promise<number> {
  const [row] = await db.insert(ledgerTransfers).values(t).returning({ id: ledgerTransfers.id });
  if (!row) throw new Error('transfer not inserted');
  await db
    .update(ledgerAccounts)
    .set({ debits: sql`${ledgerAccounts.debits} + ${t.amount}` })
    .where(eq(ledgerAccounts.id, t.debitAccountId));
  await db
    .update(ledgerAccounts)
    .set({ credits: sql`${ledgerAccounts.credits} + ${t.amount}` })
    .where(eq(ledgerAccounts.id, t.creditAccountId));
  return row.id;
}

export async function transferExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.key, key));
  return row !== undefined;
}

export async function insertLot(
  db: Db,
  lot: {
    userId: number;
    ledger: CoinType;
    transferId: number;
    source: CoinSource;
    amount: number;
    expiresAt: Date | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(coinLots)
    .values({ ...lot, remaining: lot.amount })
    .returning({ id: coinLots.id });
  if (!row) throw new Error('lot not inserted');
  return row.id;
}

/** The member's lots with coins left, of these ledgers (expired ones included: the caller decides). */
export async function openLots(db: Db, userId: number, ledgers: readonly CoinType[]): Promise<OpenLot[]> {
  return db
    .select({
      id: coinLots.id,
      ledger: coinLots.ledger,
      remaining: coinLots.remaining,
      expiresAt: coinLots.expiresAt,
      createdAt: coinLots.createdAt,
    })
    .from(coinLots)
    .where(and(eq(coinLots.userId, userId), inArray(coinLots.ledger, [...ledgers]), gt(coinLots.remaining, 0)));
}

/** Records which lots paid a debit and takes the coins out of them. */
export async function allocateLots(db: Db, transferId: number, allocations: readonly Allocation[]): Promise<void> {
  if (allocations.length === 0) return;
  await db.insert(lotAllocations).values(allocations.map((a) => ({ transferId, lotId: a.lotId, amount: a.amount })));
  for (const a of allocations) {
    await db
      .update(coinLots)
      .set({ remaining: sql`${coinLots.remaining} - ${a.amount}` })
      .where(eq(coinLots.id, a.lotId));
  }
}

/** The lots credited for an order (paid, bonus and free coins of one charge). */
export async function lotsOfOrder(db: Db, orderId: number) {
  return db
    .select({
      id: coinLots.id,
      ledger: coinLots.ledger,
      amount: coinLots.amount,
      remaining: coinLots.remaining,
      expiresAt: coinLots.expiresAt,
      createdAt: coinLots.createdAt,
    })
    .from(coinLots)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, coinLots.transferId))
    .where(eq(ledgerTransfers.orderId, orderId));
}

/** Unexpired coins left per ledger, and the soonest expiries. */
export async function balances(db: Db, userId: number, now: Date) {
  const lots = await db
    .select({ ledger: coinLots.ledger, remaining: coinLots.remaining, expiresAt: coinLots.expiresAt })
    .from(coinLots)
    .where(
      and(
        eq(coinLots.userId, userId),
        gt(coinLots.remaining, 0),
        sql`(${coinLots.expiresAt} is null or ${coinLots.expiresAt} > ${now})`,
      ),
    );
  return lots;
}

/** Lots whose expiry has passed with coins left, oldest first (the expiry job). */
export async function dueLots(db: Db, now: Date, limit: number) {
  return db
    .select({ id: coinLots.id, userId: coinLots.userId })
    .from(coinLots)
    .where(and(gt(coinLots.remaining, 0), isNotNull(coinLots.expiresAt), lte(coinLots.expiresAt, now)))
    .orderBy(asc(coinLots.expiresAt))
    .limit(limit);
}

export async function findLot(db: Db, lotId: number) {
  const [row] = await db.select().from(coinLots).where(eq(coinLots.id, lotId));
  return row ?? null;
}

/** A member's movements of these ledgers and types since `since`, newest first, with what they refer to. */
export async function history(
  db: Db,
  userId: number,
  filter: { ledgers: readonly CoinType[]; types: readonly CoinHistoryType[]; since: Date },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(ledgerTransfers.userId, userId),
    inArray(ledgerTransfers.ledger, [...filter.ledgers]),
    inArray(ledgerTransfers.type, [...filter.types]),
    gte(ledgerTransfers.createdAt, filter.since),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ledgerTransfers.id,
        ledger: ledgerTransfers.ledger,
        type: ledgerTransfers.type,
        title: ledgerTransfers.title,
        source: ledgerTransfers.source,
        amount: ledgerTransfers.amount,
        /** Whether the member's account was credited (coins in). */
        credited: sql<boolean>`${ledgerTransfers.creditAccountId} = (select a.id from ${ledgerAccounts} a where a.user_id = ${userId} and a.ledger = ${ledgerTransfers.ledger})`,
        note: ledgerTransfers.note,
        createdAt: ledgerTransfers.createdAt,
        orderId: ledgerTransfers.orderId,
        productName: orders.productName,
        purchaseId: ledgerTransfers.purchaseId,
        purchaseKind: episodePurchases.kind,
        episodeIds: episodePurchases.episodeIds,
        seriesId: episodePurchases.seriesId,
        seriesTitle: series.title,
        /** The number of the episode when the purchase was of one episode. */
        episodeNumber: sql<
          number | null
        >`(select e.number from episodes e where cardinality(${episodePurchases.episodeIds}) = 1 and e.id = ${episodePurchases.episodeIds}[1])`,
        lotExpiresAt: coinLots.expiresAt,
      })
      .from(ledgerTransfers)
      .leftJoin(orders, eq(orders.id, ledgerTransfers.orderId))
      .leftJoin(episodePurchases, eq(episodePurchases.id, ledgerTransfers.purchaseId))
      .leftJoin(series, eq(series.id, episodePurchases.seriesId))
      .leftJoin(coinLots, eq(coinLots.transferId, ledgerTransfers.id))
      .where(where)
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(ledgerTransfers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ——— the ledger check (npm run check:ledger) ———

/** Ledgers whose debits and credits do not sum to the same amount. */
export async function unbalancedLedgers(db: Db) {
  return db
    .select({
      ledger: ledgerAccounts.ledger,
      debits: sql<string>`sum(${ledgerAccounts.debits})`,
      credits: sql<string>`sum(${ledgerAccounts.credits})`,
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.ledger)
    .having(sql`sum(${ledgerAccounts.debits}) <> sum(${ledgerAccounts.credits})`);
}

/** Accounts whose stored totals differ from the sum of their transfers. */
export async function accountsOffTheirTransfers(db: Db) {
  const result = await db.execute(sql`
    select a.id, a.ledger, a.debits, a.credits,
           coalesce((select sum(t.amount) from ledger_transfers t where t.debit_account_id = a.id), 0) as posted_debits,
           coalesce((select sum(t.amount) from ledger_transfers t where t.credit_account_id = a.id), 0) as posted_credits
      from ledger_accounts a
     where a.debits <> coalesce((select sum(t.amount) from ledger_transfers t where t.debit_account_id = a.id), 0)
        or a.credits <> coalesce((select sum(t.amount) from ledger_transfers t where t.credit_account_id = a.id), 0)`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Lots whose remainder is not their amount minus what was allocated from them. */
export async function lotsOffTheirAllocations(db: Db) {
  const result = await db.execute(sql`
    select l.id, l.amount, l.remaining, coalesce(sum(x.amount), 0) as allocated
      from coin_lots l left join lot_allocations x on x.lot_id = l.id
     group by l.id
    having l.remaining <> l.amount - coalesce(sum(x.amount), 0)`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Member accounts whose balance differs from the coins left in their lots, or is negative. */
export async function membersOffTheirLots(db: Db) {
  const result = await db.execute(sql`
    select a.id, a.user_id, a.ledger, a.credits - a.debits as balance,
           coalesce((select sum(l.remaining) from coin_lots l where l.user_id = a.user_id and l.ledger = a.ledger), 0) as in_lots
      from ledger_accounts a
     where a.user_id is not null
       and (a.credits - a.debits < 0
            or a.credits - a.debits <> coalesce((select sum(l.remaining) from coin_lots l where l.user_id = a.user_id and l.ledger = a.ledger), 0))`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}
