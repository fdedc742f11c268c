import type { CoinHistoryType, CoinSource, CoinType } from '@balcony/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
  seriesBrands,
} from '../../db/schema.js';
import type { OpenLot } from './rules.js';

// Queries of the coin book (DESIGN §5): accounts, transfers, lots and their allocations. The
// statements of every episode purchase are named (`.prepare(name)`): PostgreSQL parses and plans
// them once per connection instead of once per call (decision 0147).

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
      .for('update')
      .prepare('wallet_lock_accounts')
      .execute();
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

/** Every operator account by operator, coin type and shard (made by the migrations; they never change). */
export type OperatorAccounts = ReadonlyMap<string, number>;

const operatorKey = (operator: OperatorAccount, ledger: CoinType, shard: number) => `${operator}/${ledger}/${shard}`;

export async function operatorAccounts(db: Db): Promise<OperatorAccounts> {
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      operator: ledgerAccounts.operator,
      ledger: ledgerAccounts.ledger,
      shard: ledgerAccounts.shard,
    })
    .from(ledgerAccounts)
    .where(isNotNull(ledgerAccounts.operator));
  return new Map(rows.map((r) => [operatorKey(r.operator as OperatorAccount, r.ledger, r.shard), r.id]));
}

/**
 * The operator's account of a ledger on the other side of a member's movement: one of
 * OPERATOR_SHARDS, picked by member, so members do not queue on one row.
 */
export function operatorAccount(
  accounts: OperatorAccounts,
  operator: OperatorAccount,
  ledger: CoinType,
  userId: number,
): number {
  const shard = userId % OPERATOR_SHARDS;
  const id = accounts.get(operatorKey(operator, ledger, shard));
  if (id === undefined)
    throw new Error(`operator account ${operator}/${ledger}/${shard} is missing: run the migrations`);
  return id;
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

/** Coins a transfer (named by its key) takes out of a lot. */
export interface KeyedAllocation {
  key: string;
  lotId: number;
  amount: number;
}

/** A lot a transfer (named by its key) credits. */
export interface NewLot {
  key: string;
  userId: number;
  ledger: CoinType;
  source: CoinSource;
  amount: number;
  expiresAt: Date | null;
}

/** Everything one movement writes: its transfers, the lots they take from and the lots they credit. */
export interface Movement {
  transfers: readonly NewTransfer[];
  allocations?: readonly KeyedAllocation[];
  lots?: readonly NewLot[];
}

const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;
/** Ids as one `int[]` parameter (drizzle would spread an array into a list). */
const ids = (list: Iterable<number>) => sql`${`{${[...new Set(list)].join(',')}}`}::int[]`;

/**
 * Posts a movement in one statement: the transfers (a key already posted is skipped, with
 * everything that hangs on it), their effect on both accounts, the lots' allocations and
 * remainders, and the lots credited. Every account the movement touches is locked in id order
 * before any is changed, so two movements never lock the operator's accounts in opposite orders
 * (an UPDATE alone locks rows in whatever order its plan reads them). A member's account or a lot
 * that would go below zero fails the statement by its check. Answers the keys of the transfers written.
 */
export async function post(db: Db, m: Movement): Promise<Set<string>> {
  if (m.transfers.length === 0) return new Set();
  const transfers = m.transfers.map((t) => ({
    key: t.key,
    ledger: t.ledger,
    debit_account_id: t.debitAccountId,
    credit_account_id: t.creditAccountId,
    amount: t.amount,
    user_id: t.userId,
    type: t.type,
    title: t.title,
    source: t.source ?? null,
    order_id: t.orderId ?? null,
    purchase_id: t.purchaseId ?? null,
    note: t.note ?? null,
  }));
  const allocations = (m.allocations ?? []).map((a) => ({ key: a.key, lot_id: a.lotId, amount: a.amount }));
  const lots = (m.lots ?? []).map((l) => ({
    key: l.key,
    user_id: l.userId,
    ledger: l.ledger,
    source: l.source,
    amount: l.amount,
    expires_at: l.expiresAt?.toISOString() ?? null,
  }));
  const accountIds = ids(m.transfers.flatMap((t) => [t.debitAccountId, t.creditAccountId]));
  const step = (name: string, body: SQL) => db.$with(name, {}).as(body);
  const rows = await db
    .with(
      step(
        'moves',
        sql`select * from jsonb_to_recordset(${json(transfers)}) as m(
              key text, ledger text, debit_account_id int, credit_account_id int, amount int, user_id int,
              type text, title text, source text, order_id int, purchase_id int, note text)`,
      ),
      step('locked', sql`select id from ledger_accounts where id = any(${accountIds}) order by id for no key update`),
      step(
        'posted',
        sql`insert into ledger_transfers
                   (key, ledger, debit_account_id, credit_account_id, amount, user_id, type, title, source, order_id, purchase_id, note)
            select key, ledger, debit_account_id, credit_account_id, amount, user_id, type, title, source, order_id, purchase_id, note
              from moves
                on conflict (key) do nothing
            returning id, key, debit_account_id, credit_account_id, amount`,
      ),
      step(
        'totals',
        sql`select id, sum(debits) as debits, sum(credits) as credits
              from (select debit_account_id as id, amount as debits, 0 as credits from posted
                    union all
                    select credit_account_id, 0, amount from posted) as sides
             group by id`,
      ),
      // Reading "locked" first takes every lock, in id order, before the first row changes.
      step(
        'accounts',
        sql`update ledger_accounts a
               set debits = a.debits + t.debits, credits = a.credits + t.credits
              from totals t
             where (select count(*) from locked) > 0 and a.id = any(${accountIds}) and a.id = t.id`,
      ),
      step(
        'allocated',
        sql`insert into lot_allocations (transfer_id, lot_id, amount)
            select p.id, x.lot_id, x.amount
              from posted p
              join jsonb_to_recordset(${json(allocations)}) as x(key text, lot_id int, amount int) on x.key = p.key
            returning lot_id, amount`,
      ),
      step(
        'taken',
        sql`update coin_lots l
               set remaining = l.remaining - x.amount
              from (select lot_id, sum(amount) as amount from allocated group by lot_id) x
             where l.id = any(${ids(allocations.map((a) => a.lot_id))}) and l.id = x.lot_id`,
      ),
      step(
        'credited',
        sql`insert into coin_lots (user_id, ledger, transfer_id, source, amount, remaining, expires_at)
            select x.user_id, x.ledger, p.id, x.source, x.amount, x.amount, x.expires_at
              from posted p
              join jsonb_to_recordset(${json(lots)})
                   as x(key text, user_id int, ledger text, source text, amount int, expires_at timestamptz)
                   on x.key = p.key`,
      ),
    )
    .select({ key: sql<string>`posted.key` })
    .from(sql`posted`)
    .prepare('wallet_post')
    .execute();
  return new Set(rows.map((r) => r.key));
}

export async function transferExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.key, key));
  return row !== undefined;
}

/**
 * A points exchange already posted under these keys: the points it took and the bonus coins it
 * gave, with their expiry; null when none was.
 */
export async function exchangeByKeys(
  db: Db,
  keys: { points: string; bonus: string },
): Promise<{ points: number; bonusCoins: number; bonusExpiresAt: Date } | null> {
  const rows = await db
    .select({ key: ledgerTransfers.key, amount: ledgerTransfers.amount, expiresAt: coinLots.expiresAt })
    .from(ledgerTransfers)
    .leftJoin(coinLots, eq(coinLots.transferId, ledgerTransfers.id))
    .where(inArray(ledgerTransfers.key, [keys.points, keys.bonus]));
  const points = rows.find((r) => r.key === keys.points);
  const bonus = rows.find((r) => r.key === keys.bonus);
  if (!points || !bonus?.expiresAt) return null;
  return { points: points.amount, bonusCoins: bonus.amount, bonusExpiresAt: bonus.expiresAt };
}

/** The member's lots with coins left, of every coin type (expired ones included: the caller decides). */
export async function openLots(db: Db, userId: number): Promise<OpenLot[]> {
  return db
    .select({
      id: coinLots.id,
      ledger: coinLots.ledger,
      remaining: coinLots.remaining,
      expiresAt: coinLots.expiresAt,
      createdAt: coinLots.createdAt,
    })
    .from(coinLots)
    .where(and(eq(coinLots.userId, userId), gt(coinLots.remaining, 0)))
    .prepare('wallet_open_lots')
    .execute();
}

/** The member's lots with coins left and where they came from (a move to another member keeps it). */
export async function openLotsWithSource(db: Db, userId: number) {
  return db
    .select({
      id: coinLots.id,
      ledger: coinLots.ledger,
      remaining: coinLots.remaining,
      expiresAt: coinLots.expiresAt,
      createdAt: coinLots.createdAt,
      source: coinLots.source,
    })
    .from(coinLots)
    .where(and(eq(coinLots.userId, userId), gt(coinLots.remaining, 0)))
    .orderBy(asc(coinLots.id));
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
        /** The title the purchase's brand shows, as the member saw it when buying. */
        seriesTitle: sql<string | null>`coalesce(${seriesBrands.title}, ${series.title})`,
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
      .leftJoin(
        seriesBrands,
        and(eq(seriesBrands.seriesId, episodePurchases.seriesId), eq(seriesBrands.brandId, episodePurchases.brandId)),
      )
      .leftJoin(coinLots, eq(coinLots.transferId, ledgerTransfers.id))
      .where(where)
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(ledgerTransfers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ——— the member's lots (GET /coin/lots, decision 0170) ———

/** The transfer that credited a lot, and the one that took coins out of it. */
const creditOf = alias(ledgerTransfers, 'lot_credit');
const useOf = alias(ledgerTransfers, 'lot_use');

/**
 * The member's lots with every use of them, in one statement (so the remainders and the uses are
 * read at one moment): every lot holding coins, and the `emptiedLimit` lots emptied last since
 * `since`. One row per lot and use (a lot never used has one row without a use), by lot, then
 * its uses oldest first; each lot with what credited it (its order's product) and each use with
 * what it paid for (the purchase's series and episode).
 */
export async function lotsWithUses(db: Db, userId: number, since: Date, emptiedLimit: number) {
  const emptiedAt = sql<Date>`max(${ledgerTransfers.createdAt})`.as('emptied_at');
  const emptied = db.$with('emptied').as(
    db
      .select({ lotId: lotAllocations.lotId, emptiedAt })
      .from(ledgerTransfers)
      .innerJoin(lotAllocations, eq(lotAllocations.transferId, ledgerTransfers.id))
      .innerJoin(coinLots, eq(coinLots.id, lotAllocations.lotId))
      .where(
        and(
          eq(ledgerTransfers.userId, userId),
          gte(ledgerTransfers.createdAt, since),
          eq(coinLots.userId, userId),
          eq(coinLots.remaining, 0),
        ),
      )
      .groupBy(lotAllocations.lotId)
      .orderBy(desc(emptiedAt), desc(lotAllocations.lotId))
      .limit(emptiedLimit),
  );
  // Two ways in, each by an index: the lots holding coins, and the emptied ones found above.
  const listed = db.$with('listed').as(
    db
      .select({ lotId: coinLots.id })
      .from(coinLots)
      .where(and(eq(coinLots.userId, userId), gt(coinLots.remaining, 0)))
      .unionAll(db.select({ lotId: emptied.lotId }).from(emptied)),
  );
  return db
    .with(emptied, listed)
    .select({
      id: coinLots.id,
      ledger: coinLots.ledger,
      source: coinLots.source,
      amount: coinLots.amount,
      remaining: coinLots.remaining,
      expiresAt: coinLots.expiresAt,
      createdAt: coinLots.createdAt,
      title: creditOf.title,
      note: creditOf.note,
      orderId: creditOf.orderId,
      productName: orders.productName,
      use: {
        transferId: useOf.id,
        amount: lotAllocations.amount,
        type: useOf.type,
        title: useOf.title,
        note: useOf.note,
        createdAt: useOf.createdAt,
        purchaseId: useOf.purchaseId,
        purchaseKind: episodePurchases.kind,
        episodeIds: episodePurchases.episodeIds,
        seriesId: episodePurchases.seriesId,
        /** The title the brand of the purchase gives the series, as its pages show it. */
        seriesTitle: sql<string | null>`coalesce(${seriesBrands.title}, ${series.title})`,
        /** The number of the episode when the purchase was of one episode. */
        episodeNumber: sql<
          number | null
        >`(select e.number from episodes e where cardinality(${episodePurchases.episodeIds}) = 1 and e.id = ${episodePurchases.episodeIds}[1])`,
      },
    })
    .from(listed)
    .innerJoin(coinLots, eq(coinLots.id, listed.lotId))
    .innerJoin(creditOf, eq(creditOf.id, coinLots.transferId))
    .leftJoin(orders, eq(orders.id, creditOf.orderId))
    .leftJoin(lotAllocations, eq(lotAllocations.lotId, coinLots.id))
    .leftJoin(useOf, eq(useOf.id, lotAllocations.transferId))
    .leftJoin(episodePurchases, eq(episodePurchases.id, useOf.purchaseId))
    .leftJoin(series, eq(series.id, episodePurchases.seriesId))
    .leftJoin(
      seriesBrands,
      and(eq(seriesBrands.seriesId, episodePurchases.seriesId), eq(seriesBrands.brandId, episodePurchases.brandId)),
    )
    .orderBy(asc(coinLots.id), asc(useOf.createdAt), asc(useOf.id));
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
