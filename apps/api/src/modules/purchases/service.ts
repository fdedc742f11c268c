import {
  AppError,
  type CoinBalance,
  type EpisodeAccess,
  type EpisodePurchaseKind,
  type PurchaseAllQuote,
  type PurchaseResult,
  RENTAL_MS,
} from '@balcony/contracts';
import { type MemberContext, withTransaction } from '../../context.js';
import { accessToEpisodes, episodeAccess, grant } from '../access/service.js';
import * as catalog from '../catalog/service.js';
import * as events from '../events/service.js';
import * as wallet from '../wallet/service.js';
import * as repo from './repo.js';

// Renting and buying episodes with coins (spec §8 purchase codes, DESIGN §5, §6): one
// transaction locks the member's wallet, records the purchase under its idempotency key, writes
// the ownerships the viewer reads and pays from the wallet. A retry with the same key answers
// the first purchase again and charges nothing. One episode is eight statements (decision 0147).

type Episode = catalog.EpisodeRow;

/** Why this episode cannot be had this way, or null when it can. */
function refusal(
  kind: EpisodePurchaseKind,
  episode: Pick<Episode, 'saleType'>,
  access: EpisodeAccess | undefined,
): AppError | null {
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

/** An episode's price with the series' brand discount, as the catalog lists it. */
function priceOf(kind: EpisodePurchaseKind, episode: Pick<Episode, 'rentPrice' | 'buyPrice'>, discountPercent: number) {
  return catalog.effectivePrice(kind === 'RENT' ? episode.rentPrice : episode.buyPrice, discountPercent);
}

function answer(row: repo.PurchaseAnswer, balance: CoinBalance): PurchaseResult {
  return {
    purchaseId: row.id,
    kind: row.kind,
    episodeIds: row.episodeIds,
    price: row.price,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    balance,
  };
}

/**
 * Writes the purchase, grants the episodes and pays them from the wallet locked in this
 * transaction. The payment comes last: it takes the operator's account row, which other members'
 * purchases wait for, so it is held only until the commit.
 */
async function complete(
  tx: MemberContext,
  locked: wallet.LockedWallet,
  p: { kind: PurchaseResult['kind']; seriesId: number; episodeIds: readonly number[]; price: number; key: string },
): Promise<PurchaseResult> {
  const rent = p.kind === 'RENT' || p.kind === 'ALL_RENT';
  const expiresAt = rent ? new Date(tx.now.getTime() + RENTAL_MS) : null;
  const row = await repo.insert(tx.db, {
    userId: tx.user.id,
    brandId: tx.brand.id,
    seriesId: p.seriesId,
    kind: p.kind,
    episodeIds: [...p.episodeIds],
    price: p.price,
    expiresAt,
    idempotencyKey: p.key,
  });
  await grant(
    tx,
    p.episodeIds.map((episodeId) => ({
      userId: tx.user.id,
      episodeId,
      seriesId: p.seriesId,
      kind: p.kind,
      expiresAt,
      source: rent ? 'RENT' : 'POSSESSION',
      orderRef: `purchase:${row.id}`,
    })),
  );
  const balance = await wallet.spend(tx, locked, {
    amount: p.price,
    key: `purchase:${row.id}`,
    purchaseId: row.id,
    title: 'PURCHASE_EPISODE',
  });
  return answer(row, balance);
}

/**
 * The catalog's `visibleEpisode` codes for an episode read with its sale: unpublished or missing
 * → NOT_FOUND_EPISODE, a series the brand does not offer or whose BL the caller hides →
 * INVALID_CONTENTS, an adult one the caller may not see → ADULT_ONLY_CONTENTS.
 */
function saleable(ctx: MemberContext, sale: repo.EpisodeSale) {
  const { episode, series } = sale;
  if (!episode || episode.publishedAt > ctx.now) throw new AppError('NOT_FOUND_EPISODE');
  if (!series) throw new AppError('INVALID_CONTENTS');
  catalog.assertSeriesShown(ctx, series);
  return { episode, series };
}

/**
 * POST /episodes/{id}/purchase: rent or buy one episode. One transaction locks the member's
 * wallet first (concurrent retries of one key wait, then find the first purchase), then reads
 * the earlier purchase under the key, the episode and the member's hold on it at once.
 */
export function purchaseEpisode(
  ctx: MemberContext,
  episodeId: number,
  input: { kind: EpisodePurchaseKind; idempotencyKey: string },
): Promise<PurchaseResult> {
  return countedOnCommit(ctx, async (tx) => {
    const locked = await wallet.lock(tx, tx.user.id);
    const sale = await repo.episodeSale(tx.db, {
      userId: tx.user.id,
      brandId: tx.brand.id,
      episodeId,
      key: input.idempotencyKey,
      now: tx.now,
    });
    if (sale.earlier) return { result: answer(sale.earlier, await wallet.balance(tx)), made: false };
    const { episode, series } = saleable(tx, sale);
    // A sale depends on what the member holds (a running rental or unlock, an ownership) and on
    // the episode being free, not on the series' wait-until-free ticket.
    const access = episodeAccess(episode, sale.ownerships, { intervalHours: null, lastUsedAt: null }, tx.now);
    const refused = refusal(input.kind, episode, access);
    if (refused) throw refused;
    const result = await complete(tx, locked, {
      kind: input.kind,
      seriesId: series.id,
      episodeIds: [episode.id],
      price: priceOf(input.kind, episode, await events.episodeDiscount(tx, series.discountPercent)),
      key: input.idempotencyKey,
    });
    return { result, made: true };
  });
}

/**
 * Runs a purchase's transaction and counts a new purchase once it committed (its routes call it
 * outside any transaction); a rolled-back attempt, or the answer repeated for a known key, counts nothing.
 */
async function countedOnCommit(
  ctx: MemberContext,
  fn: (tx: MemberContext) => Promise<{ result: PurchaseResult; made: boolean }>,
): Promise<PurchaseResult> {
  const { result, made } = await withTransaction(ctx, fn);
  if (made) ctx.services.metrics.episodePurchased(result.kind);
  return result;
}

/** The episodes of a series this member could still rent or buy this way, and their total. */
async function remaining(ctx: MemberContext, seriesId: number, kind: EpisodePurchaseKind) {
  const { series, episodes } = await catalog.seriesForSale(ctx, seriesId);
  const access = await accessToEpisodes(ctx, series, episodes);
  const open = episodes.filter((e) => refusal(kind, e, access.get(e.id)) === null);
  const discountPercent = await events.episodeDiscount(ctx, series.discountPercent);
  return {
    series,
    episodes: open,
    discountPercent,
    listPrice: open.reduce((s, e) => s + priceOf(kind, e, 0), 0),
    price: open.reduce((s, e) => s + priceOf(kind, e, discountPercent), 0),
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
    discountPercent: r.discountPercent,
    price: r.price,
  };
}

/** POST /contents/{id}/purchase-all: ALL_RENT or ALL_POSSESSION of every remaining episode. */
export function purchaseAll(
  ctx: MemberContext,
  seriesId: number,
  input: { kind: EpisodePurchaseKind; idempotencyKey: string },
): Promise<PurchaseResult> {
  return countedOnCommit(ctx, async (tx) => {
    // The lock first, as for one episode: a retry of the key waits, then finds the first purchase.
    const locked = await wallet.lock(tx, tx.user.id);
    const earlier = await repo.findByKey(tx.db, tx.user.id, input.idempotencyKey);
    if (earlier) return { result: answer(earlier, await wallet.balance(tx)), made: false };
    const r = await remaining(tx, seriesId, input.kind);
    if (r.episodes.length === 0) throw new AppError('EXIST_LIBRARY');
    const result = await complete(tx, locked, {
      kind: input.kind === 'RENT' ? 'ALL_RENT' : 'ALL_POSSESSION',
      seriesId: r.series.id,
      episodeIds: r.episodes.map((e) => e.id),
      price: r.price,
      key: input.idempotencyKey,
    });
    return { result, made: true };
  });
}
