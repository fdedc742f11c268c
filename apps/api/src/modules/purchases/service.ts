import {
  AppError,
  type EpisodeAccess,
  type EpisodePurchaseKind,
  type PurchaseAllQuote,
  type PurchaseResult,
  RENTAL_MS,
} from '@balcony/contracts';
import { type MemberContext, withTransaction } from '../../context.js';
import { accessToEpisodes, grant } from '../access/service.js';
import * as catalog from '../catalog/service.js';
import * as wallet from '../wallet/service.js';
import * as repo from './repo.js';

// Renting and buying episodes with coins (spec §8 purchase codes, DESIGN §5, §6): one
// transaction locks the member's wallet, records the purchase under its idempotency key, pays it
// from the wallet and writes the ownerships the viewer reads. A retry with the same key answers
// the first purchase again and charges nothing.

type Episode = catalog.EpisodeRow;
type Series = catalog.SeriesRow;

/** Why this episode cannot be had this way, or null when it can. */
function refusal(kind: EpisodePurchaseKind, episode: Episode, access: EpisodeAccess | undefined): AppError | null {
  if (kind === 'RENT' && episode.saleType === 'POSSESSION_ONLY') return new AppError('UN_MATCHED_RENT_SALE_TYPE');
  if (kind === 'POSSESSION' && episode.saleType === 'RENT_ONLY') return new AppError('UN_MATCHED_POSSESSION_SALE_TYPE');
  const state = access?.state ?? 'FREE';
  if (state === 'OWNED') return new AppError('EXIST_LIBRARY');
  // A free episode has nothing to sell; a running rental cannot be rented again (buying it may).
  if (state === 'FREE')
    return new AppError(kind === 'RENT' ? 'RENT_PURCHASE_IMPOSSIBLE' : 'POSSESSION_PURCHASE_IMPOSSIBLE');
  if (kind === 'RENT' && (state === 'RENTED' || state === 'FREETIME_UNLOCKED')) {
    return new AppError('RENT_PURCHASE_IMPOSSIBLE');
  }
  return null;
}

function priceOf(kind: EpisodePurchaseKind, episode: Episode, series: Series): number {
  const prices = catalog.effectivePrices(episode, series);
  return kind === 'RENT' ? prices.rentPrice : prices.buyPrice;
}

async function answer(ctx: MemberContext, row: repo.PurchaseRow): Promise<PurchaseResult> {
  return {
    purchaseId: row.id,
    kind: row.kind,
    episodeIds: row.episodeIds,
    price: row.price,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    balance: await wallet.balance(ctx),
  };
}

/** Writes the purchase, pays it and grants the episodes; inside the locked wallet's transaction. */
async function complete(
  tx: MemberContext,
  p: { kind: PurchaseResult['kind']; series: Series; episodes: readonly Episode[]; price: number; key: string },
): Promise<PurchaseResult> {
  const rent = p.kind === 'RENT' || p.kind === 'ALL_RENT';
  const expiresAt = rent ? new Date(tx.now.getTime() + RENTAL_MS) : null;
  const row = await repo.insert(tx.db, {
    userId: tx.user.id,
    brandId: tx.brand.id,
    seriesId: p.series.id,
    kind: p.kind,
    episodeIds: p.episodes.map((e) => e.id),
    price: p.price,
    expiresAt,
    idempotencyKey: p.key,
  });
  await wallet.spend(tx, {
    userId: tx.user.id,
    amount: p.price,
    key: `purchase:${row.id}`,
    purchaseId: row.id,
    title: 'PURCHASE_EPISODE',
  });
  await grant(
    tx,
    p.episodes.map((e) => ({
      userId: tx.user.id,
      episodeId: e.id,
      seriesId: p.series.id,
      kind: p.kind,
      expiresAt,
      source: rent ? 'RENT' : 'POSSESSION',
      orderRef: `purchase:${row.id}`,
    })),
  );
  return answer(tx, row);
}

/**
 * Runs a purchase with the member's wallet locked; the same key answers the first purchase again.
 * The lock comes first, so concurrent retries of one key wait and then find the first one.
 */
function once(
  ctx: MemberContext,
  key: string,
  buy: (tx: MemberContext) => Promise<PurchaseResult>,
): Promise<PurchaseResult> {
  return withTransaction(ctx, async (tx) => {
    await wallet.lock(tx, tx.user.id);
    const earlier = await repo.findByKey(tx.db, tx.user.id, key);
    return earlier ? answer(tx, earlier) : buy(tx);
  });
}

/** POST /episodes/{id}/purchase: rent or buy one episode. */
export function purchaseEpisode(
  ctx: MemberContext,
  episodeId: number,
  input: { kind: EpisodePurchaseKind; idempotencyKey: string },
): Promise<PurchaseResult> {
  return once(ctx, input.idempotencyKey, async (tx) => {
    const { episode, series } = await catalog.visibleEpisode(tx, episodeId);
    const access = await accessToEpisodes(tx, series, [episode]);
    const refused = refusal(input.kind, episode, access.get(episode.id));
    if (refused) throw refused;
    return complete(tx, {
      kind: input.kind,
      series,
      episodes: [episode],
      price: priceOf(input.kind, episode, series),
      key: input.idempotencyKey,
    });
  });
}

/** The episodes of a series this member could still rent or buy this way, and their total. */
async function remaining(ctx: MemberContext, seriesId: number, kind: EpisodePurchaseKind) {
  const { series, episodes } = await catalog.seriesForSale(ctx, seriesId);
  const access = await accessToEpisodes(ctx, series, episodes);
  const open = episodes.filter((e) => refusal(kind, e, access.get(e.id)) === null);
  const base = (e: Episode) => (kind === 'RENT' ? e.rentPrice : e.buyPrice);
  return {
    series,
    episodes: open,
    listPrice: open.reduce((s, e) => s + base(e), 0),
    price: open.reduce((s, e) => s + priceOf(kind, e, series), 0),
  };
}

/** GET /contents/{id}/purchase-all: what renting or buying every remaining episode costs. */
export async function quoteAll(
  ctx: MemberContext,
  seriesId: number,
  kind: EpisodePurchaseKind,
): Promise<PurchaseAllQuote> {
  const r = await remaining(ctx, seriesId, kind);
  return {
    kind,
    episodeIds: r.episodes.map((e) => e.id),
    listPrice: r.listPrice,
    discountPercent: r.series.discountPercent,
    price: r.price,
  };
}

/** POST /contents/{id}/purchase-all: ALL_RENT or ALL_POSSESSION of every remaining episode. */
export function purchaseAll(
  ctx: MemberContext,
  seriesId: number,
  input: { kind: EpisodePurchaseKind; idempotencyKey: string },
): Promise<PurchaseResult> {
  return once(ctx, input.idempotencyKey, async (tx) => {
    const r = await remaining(tx, seriesId, input.kind);
    if (r.episodes.length === 0) throw new AppError('EXIST_LIBRARY');
    return complete(tx, {
      kind: input.kind === 'RENT' ? 'ALL_RENT' : 'ALL_POSSESSION',
      series: r.series,
      episodes: r.episodes,
      price: r.price,
      key: input.idempotencyKey,
    });
  });
}
