import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { episodePurchases, episodes, ownerships, series, seriesBrands } from '../../db/schema.js';

// Queries of `episode_purchases`: one row per rent or buy, its idempotency key unique per member.
// The two statements of every purchase are named (`.prepare(name)`): PostgreSQL parses and plans
// them once per connection (decision 0147).

export type PurchaseRow = typeof episodePurchases.$inferSelect;
export type NewPurchase = typeof episodePurchases.$inferInsert;

export async function findByKey(db: Db, userId: number, idempotencyKey: string): Promise<PurchaseRow | null> {
  const [row] = await db
    .select()
    .from(episodePurchases)
    .where(and(eq(episodePurchases.userId, userId), eq(episodePurchases.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function insert(db: Db, values: NewPurchase): Promise<PurchaseRow> {
  const [row] = await db.insert(episodePurchases).values(values).returning().prepare('purchases_insert').execute();
  if (!row) throw new Error('purchase not inserted');
  return row;
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
