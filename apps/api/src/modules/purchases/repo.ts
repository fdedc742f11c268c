import type { CoinType } from '@balcony/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { batchedPerTurn } from '../../db/batch.js';
import type { Db } from '../../db/client.js';
import { perDatabase } from '../../db/per-database.js';
import { typedPlaceholder } from '../../db/placeholder.js';
import { episodePurchases, episodes, ownerships, series, seriesBrands } from '../../db/schema.js';

// Queries of `episode_purchases`: one row per rent or buy, its idempotency key unique per member.
// A purchase is one statement (decision 0296), sent with the other purchases of its turn of the
// event loop (decision 0297); the sale read comes first only when the catalog's copy will not do.

export type PurchaseRow = typeof episodePurchases.$inferSelect;

export async function findByKey(db: Db, userId: number, idempotencyKey: string): Promise<PurchaseRow | null> {
  const [row] = await db
    .select()
    .from(episodePurchases)
    .where(and(eq(episodePurchases.userId, userId), eq(episodePurchases.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** What a purchase answers (its row, as a retry of its key answers it again). */
export type PurchaseAnswer = Pick<PurchaseRow, 'id' | 'kind' | 'episodeIds' | 'price' | 'expiresAt'>;

/** What a sale of one episode needs of it. */
export type SaleEpisode = Pick<
  typeof episodes.$inferSelect,
  'id' | 'publishedAt' | 'isFree' | 'freetime' | 'rentPrice' | 'buyPrice' | 'saleType'
>;

/** What buying one episode needs to know, read in one query once the member's wallet is locked. */
export interface EpisodeSale {
  /** The member's earlier purchase with this idempotency key. */
  earlier: PurchaseAnswer | null;
  episode: SaleEpisode | null;
  /** The episode's series as the caller's brand offers it; null when the brand does not. */
  series: { id: number; isAdult: boolean; isBl: boolean; discountPercent: number } | null;
  /** The member's ownerships of the episode still running at `now` (access/rules.ts decides what they give). */
  ownerships: { kind: string; expiresAt: Date | null }[];
}

type OwnershipJson = { kind: string; expiresAt: string | null }[];

/**
 * The earlier purchase under `key`, the episode, its series on the brand and the member's running
 * ownerships of it, in one round trip: the tables are the catalog's and the access module's, read
 * here, inside the purchase's transaction, only because a purchase is the hot path (decision 0147).
 */
export async function episodeSale(
  db: Db,
  q: { userId: number; brandId: string; episodeId: number; key: string; now: Date },
): Promise<EpisodeSale> {
  const running = sql`coalesce((
    select json_agg(json_build_object('kind', o.kind, 'expiresAt', o.expires_at))
      from ${ownerships} o
     where o.user_id = ${q.userId} and o.episode_id = ${q.episodeId}
       and (o.expires_at is null or o.expires_at > ${q.now})), '[]'::json)`;
  const [row] = await db
    .select({
      earlier: {
        id: episodePurchases.id,
        kind: episodePurchases.kind,
        episodeIds: episodePurchases.episodeIds,
        price: episodePurchases.price,
        expiresAt: episodePurchases.expiresAt,
      },
      episode: {
        id: episodes.id,
        publishedAt: episodes.publishedAt,
        isFree: episodes.isFree,
        freetime: episodes.freetime,
        rentPrice: episodes.rentPrice,
        buyPrice: episodes.buyPrice,
        saleType: episodes.saleType,
      },
      seriesId: seriesBrands.seriesId,
      isAdult: series.isAdult,
      isBl: series.isBl,
      discountPercent: seriesBrands.discountPercent,
      ownerships: sql<OwnershipJson>`${running}`.mapWith((v: OwnershipJson | string) =>
        typeof v === 'string' ? (JSON.parse(v) as OwnershipJson) : v,
      ),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(episodePurchases, and(eq(episodePurchases.userId, q.userId), eq(episodePurchases.idempotencyKey, q.key)))
    .leftJoin(episodes, eq(episodes.id, q.episodeId))
    .leftJoin(series, eq(series.id, episodes.seriesId))
    .leftJoin(seriesBrands, and(eq(seriesBrands.seriesId, episodes.seriesId), eq(seriesBrands.brandId, q.brandId)))
    .prepare('purchases_episode_sale')
    .execute();
  if (!row) throw new Error('the sale query answered no row');
  const { seriesId, isAdult, isBl, discountPercent } = row;
  return {
    earlier: row.earlier,
    episode: row.episode,
    series:
      seriesId !== null && isAdult !== null && isBl !== null && discountPercent !== null
        ? { id: seriesId, isAdult, isBl, discountPercent }
        : null,
    ownerships: row.ownerships.map((o) => ({
      kind: o.kind,
      expiresAt: o.expiresAt === null ? null : new Date(o.expiresAt),
    })),
  };
}

/** What `purchase_episodes` writes: a purchase of these episodes, paid from the member's lots. */
export interface PurchaseWrite {
  userId: number;
  brandId: string;
  seriesId: number;
  kind: PurchaseRow['kind'];
  episodeIds: readonly number[];
  price: number;
  expiresAt: Date | null;
  key: string;
  now: Date;
  /** What the sale of one episode was decided on; null when it was decided under the wallet's lock. */
  decidedOn: DecidedOn | null;
  /** The operator's accounts the coins go to, by coin type. */
  operatorAccounts: { spent: Record<CoinType, number>; expired: Record<CoinType, number> };
}

/**
 * What the API decided the sale of one episode on (its facts, its series' on the brand, and how
 * many running ownerships of it the member had): the purchase statement writes nothing unless
 * all of it is still true under the wallet's lock.
 */
export interface DecidedOn extends Omit<SaleEpisode, 'id'> {
  discountPercent: number;
  isAdult: boolean;
  isBl: boolean;
  ownerships: number;
}

/** A lot holding coins, as the purchase statement answers it (for the balance). */
export interface LotLeft {
  ledger: CoinType;
  remaining: number;
  expiresAt: Date | null;
}

export type PurchaseOutcome =
  | { outcome: 'MADE' | 'EARLIER'; purchase: PurchaseAnswer; lots: LotLeft[] }
  | { outcome: 'CHANGED' }
  | { outcome: 'COIN_INSUFFICIENT' };

interface PurchaseJson {
  outcome: PurchaseOutcome['outcome'];
  purchase?: {
    id: number;
    kind: PurchaseRow['kind'];
    episode_ids: number[];
    price: number;
    expires_at: string | null;
  };
  lots?: { ledger: CoinType; remaining: number; expiresAt: string | null }[];
}

const date = (iso: string | null) => (iso === null ? null : new Date(iso));

/** What `purchase_episodes_batch` answers for each purchase: its purchase's answer, or that it skipped it. */
type BatchJson = PurchaseJson | { outcome: 'BUSY' };

/** What `purchase_episodes` answered, as the API uses it. */
function outcomeOf(answer: PurchaseJson | string): PurchaseOutcome {
  const r = typeof answer === 'string' ? (JSON.parse(answer) as PurchaseJson) : answer;
  if (r.outcome === 'CHANGED') return { outcome: 'CHANGED' };
  if (r.outcome === 'COIN_INSUFFICIENT') return { outcome: 'COIN_INSUFFICIENT' };
  if (!r.purchase || !r.lots) throw new Error(`purchase_episodes answered ${r.outcome} without its purchase`);
  const p = r.purchase;
  return {
    outcome: r.outcome,
    purchase: { id: p.id, kind: p.kind, episodeIds: p.episode_ids, price: p.price, expiresAt: date(p.expires_at) },
    lots: r.lots.map((l) => ({ ledger: l.ledger, remaining: l.remaining, expiresAt: date(l.expiresAt) })),
  };
}

/** The call of `purchase_episodes`, built once per database handle (the api's is the pool). */
function writeStatement(db: Db) {
  const args = sql.join(
    [
      typedPlaceholder('userId', 'int'),
      typedPlaceholder('brandId', 'text'),
      typedPlaceholder('seriesId', 'int'),
      typedPlaceholder('kind', 'text'),
      typedPlaceholder('episodeIds', 'int[]'),
      typedPlaceholder('price', 'int'),
      typedPlaceholder('expiresAt', 'timestamptz'),
      typedPlaceholder('key', 'text'),
      typedPlaceholder('now', 'timestamptz'),
      typedPlaceholder('decidedOn', 'jsonb'),
      typedPlaceholder('spent', 'jsonb'),
      typedPlaceholder('expired', 'jsonb'),
    ],
    sql`, `,
  );
  return db
    .select({ r: sql<PurchaseJson | string>`purchase_episodes(${args})` })
    .from(sql`(select 1) as one`)
    .prepare('purchases_write');
}

/** The call of `purchase_episodes_batch`, built once per database handle. */
function batchStatement(db: Db) {
  return db
    .select({ r: sql<BatchJson[] | string>`purchase_episodes_batch(${typedPlaceholder('items', 'jsonb')})` })
    .from(sql`(select 1) as one`)
    .prepare('purchases_write_batch');
}

const writeStatementOf = perDatabase(writeStatement);
const batchStatementOf = perDatabase(batchStatement);

/** The arguments of `purchase_episodes`, by name, as both statements take them. */
const argumentsOf = (w: PurchaseWrite) => ({
  userId: w.userId,
  brandId: w.brandId,
  seriesId: w.seriesId,
  kind: w.kind,
  episodeIds: w.episodeIds,
  price: w.price,
  expiresAt: w.expiresAt?.toISOString() ?? null,
  key: w.key,
  now: w.now.toISOString(),
  decidedOn: w.decidedOn,
  spent: w.operatorAccounts.spent,
  expired: w.operatorAccounts.expired,
});

/** One purchase in its own statement and transaction (or in the caller's transaction). */
async function purchaseAlone(db: Db, w: PurchaseWrite): Promise<PurchaseOutcome> {
  const a = argumentsOf(w);
  const [row] = await writeStatementOf(db).execute({
    ...a,
    episodeIds: `{${a.episodeIds.join(',')}}`,
    decidedOn: a.decidedOn && JSON.stringify(a.decidedOn),
    spent: JSON.stringify(a.spent),
    expired: JSON.stringify(a.expired),
  });
  if (!row) throw new Error('purchase_episodes answered no row');
  return outcomeOf(row.r);
}

/**
 * The purchases of one turn in one statement and one commit (decision 0297). When the batch
 * fails as a whole (it rolled back), each purchase is sent on its own, so that one purchase's
 * error is its own and the others go through; a purchase that did commit before an answer was
 * lost finds itself under its key. A purchase whose wallet another movement held (BUSY: the
 * batch skips it rather than wait, migration 0024) is sent on its own after the batch commits.
 * A purchase sent on its own is answered as its own promise, which its caller's promise follows,
 * so that the others of its turn are answered without waiting for it.
 */
async function purchaseBatch(db: Db, writes: readonly PurchaseWrite[]): Promise<InTurn[]> {
  const alone = (w: PurchaseWrite) => purchaseAlone(db, w);
  if (writes.length === 1) return writes.map(alone);
  let answers: BatchJson[];
  try {
    const [row] = await batchStatementOf(db).execute({ items: JSON.stringify(writes.map(argumentsOf)) });
    const r = row?.r;
    answers = typeof r === 'string' ? (JSON.parse(r) as BatchJson[]) : (r ?? []);
  } catch {
    return writes.map(alone);
  }
  if (answers.length !== writes.length) throw new Error('purchase_episodes_batch answered a different count');
  return answers.map((answer, i) =>
    answer.outcome === 'BUSY' ? alone(writes[i] as PurchaseWrite) : outcomeOf(answer),
  );
}

/** A purchase's answer from its batch, or the promise of its answer when it was sent on its own. */
type InTurn = PurchaseOutcome | Promise<PurchaseOutcome>;

/** Purchases of one turn on one database handle go together; at most this many in one commit. */
const BATCH_MAX = 32;
const purchaseInTurn = batchedPerTurn(purchaseBatch, { maxBatchSize: BATCH_MAX });

/**
 * The purchase in one statement (decision 0296): the database function `purchase_episodes`
 * locks the wallet, finds an earlier purchase under the key, checks that what the caller decided
 * on is still true, pays in the spending order, and writes the purchase, its ownerships and its
 * transfers. The purchases asked for in the same turn of the event loop share one statement and
 * one commit (decision 0297).
 */
export const purchaseEpisodes = async (db: Db, w: PurchaseWrite): Promise<PurchaseOutcome> => purchaseInTurn(db, w);
