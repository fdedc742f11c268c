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
import { accessToEpisodes, episodeAccess } from '../access/service.js';
import * as catalog from '../catalog/service.js';
import * as events from '../events/service.js';
import * as wallet from '../wallet/service.js';
import * as repo from './repo.js';

// Renting and buying episodes with coins (spec §8 purchase codes, DESIGN §5, §6): the API decides
// what the member may have and at what price; one statement (decision 0296) then locks the
// member's wallet, records the purchase under its idempotency key, writes the ownerships the
// viewer reads and pays from the wallet. A retry with the same key answers the first purchase
// again and charges nothing.

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

/** A purchase to write, as the caller decided it. */
interface Decided {
  kind: PurchaseResult['kind'];
  seriesId: number;
  episodeIds: readonly number[];
  price: number;
  key: string;
  /** What the sale of one episode was decided on; null when it was decided under the wallet's lock. */
  decidedOn: repo.DecidedOn | null;
}

/**
 * Writes the purchase, grants the episodes and pays them from the member's lots, in the one
 * statement of `repo.purchaseEpisodes`; null when what the caller decided on changed since
 * (the caller decides again).
 */
async function complete(ctx: MemberContext, p: Decided): Promise<{ result: PurchaseResult; made: boolean } | null> {
  const rent = p.kind === 'RENT' || p.kind === 'ALL_RENT';
  const written = await repo.purchaseEpisodes(ctx.db, {
    userId: ctx.user.id,
    brandId: ctx.brand.id,
    seriesId: p.seriesId,
    kind: p.kind,
    episodeIds: p.episodeIds,
    price: p.price,
    expiresAt: rent ? new Date(ctx.now.getTime() + RENTAL_MS) : null,
    key: p.key,
    now: ctx.now,
    decidedOn: p.decidedOn,
    operatorAccounts: await wallet.paymentAccounts(ctx, ctx.user.id),
  });
  if (written.outcome === 'CHANGED') return null;
  if (written.outcome === 'COIN_INSUFFICIENT') throw new AppError('COIN_INSUFFICIENT');
  const result = answer(written.purchase, wallet.balanceOfLots(ctx, written.lots));
  return { result, made: written.outcome === 'MADE' };
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

/** What the sale of one episode is decided on. */
interface SaleFacts {
  episode: repo.SaleEpisode;
  series: { id: number; isAdult: boolean; isBl: boolean; discountPercent: number };
  /** The member's running ownerships of the episode. */
  ownerships: repo.EpisodeSale['ownerships'];
}

/**
 * Decides the sale of one episode on `facts` and writes it; the refusal's code when it may not
 * be had this way, null when the facts changed before the purchase statement ran.
 */
async function sellEpisode(
  ctx: MemberContext,
  facts: SaleFacts,
  input: { kind: EpisodePurchaseKind; idempotencyKey: string },
): Promise<PurchaseResult | AppError | null> {
  const { episode, series, ownerships } = facts;
  // A sale depends on what the member holds (a running rental or unlock, an ownership) and on
  // the episode being free, not on the series' wait-until-free ticket.
  const access = episodeAccess(episode, ownerships, { intervalHours: null, lastUsedAt: null }, ctx.now);
  const refused = refusal(input.kind, episode, access);
  if (refused) return refused;
  const price = priceOf(input.kind, episode, await events.episodeDiscount(ctx, series.discountPercent));
  const { publishedAt, isFree, freetime, rentPrice, buyPrice, saleType } = episode;
  return countedOnCommit(ctx, () =>
    complete(ctx, {
      kind: input.kind,
      seriesId: series.id,
      episodeIds: [episode.id],
      price,
      key: input.idempotencyKey,
      decidedOn: {
        publishedAt,
        isFree,
        freetime,
        rentPrice,
        buyPrice,
        saleType,
        discountPercent: series.discountPercent,
        isAdult: series.isAdult,
        isBl: series.isBl,
        ownerships: ownerships.length,
      },
    }),
  );
}

/** How often a purchase reads and decides again when what it decided on changed under it. */
const DECISIONS_MAX = 5;

/**
 * POST /episodes/{id}/purchase: rent or buy one episode, in one round trip when it can. The sale
 * is first decided on the catalog's shared copy of the episode, for a member holding none of it
 * (most purchases); the purchase statement writes it only if that is still true under the
 * wallet's lock. Otherwise, or when that decision refuses, the earlier purchase under the key,
 * the episode and the member's hold on it are read at once and the sale decided on them, as
 * often as they change under it (a concurrent purchase of the episode is then refused as it
 * would be after it).
 */
export async function purchaseEpisode(
  ctx: MemberContext,
  episodeId: number,
  input: { kind: EpisodePurchaseKind; idempotencyKey: string },
): Promise<PurchaseResult> {
  const shared = await catalog.episodeForReading(ctx, episodeId).catch((error: unknown) => {
    if (error instanceof AppError) return null; // read again below, after an earlier purchase under the key
    throw error;
  });
  if (shared) {
    const sold = await sellEpisode(ctx, { episode: shared.episode, series: shared.series, ownerships: [] }, input);
    if (sold && !(sold instanceof AppError)) return sold;
  }
  for (let attempt = 0; attempt < DECISIONS_MAX; attempt++) {
    const sale = await repo.episodeSale(ctx.db, {
      userId: ctx.user.id,
      brandId: ctx.brand.id,
      episodeId,
      key: input.idempotencyKey,
      now: ctx.now,
    });
    if (sale.earlier) return answer(sale.earlier, await wallet.balance(ctx));
    const { episode, series } = saleable(ctx, sale);
    const sold = await sellEpisode(ctx, { episode, series, ownerships: sale.ownerships }, input);
    if (sold instanceof AppError) throw sold;
    if (sold) return sold;
  }
  throw new Error(`what episode ${episodeId} is sold on changed ${DECISIONS_MAX} times during one purchase`);
}

/**
 * Writes a purchase and counts a new one once it committed; a refused or changed attempt, or the
 * answer repeated for a known key, counts nothing.
 */
async function countedOnCommit(
  ctx: MemberContext,
  write: () => Promise<{ result: PurchaseResult; made: boolean } | null>,
): Promise<PurchaseResult | null> {
  const written = await write();
  if (written?.made) ctx.services.metrics.episodePurchased(written.result.kind);
  return written?.result ?? null;
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

/**
 * POST /contents/{id}/purchase-all: ALL_RENT or ALL_POSSESSION of every remaining episode. The
 * remaining episodes are read under the wallet's lock, in the transaction the purchase
 * statement then joins, so nothing can change between the two.
 */
export async function purchaseAll(
  ctx: MemberContext,
  seriesId: number,
  input: { kind: EpisodePurchaseKind; idempotencyKey: string },
): Promise<PurchaseResult> {
  const written = await countedOnCommit(ctx, () =>
    withTransaction(ctx, async (tx) => {
      // The lock first, as the purchase statement takes it: a retry of the key waits, then finds the first purchase.
      await wallet.lock(tx, tx.user.id);
      const earlier = await repo.findByKey(tx.db, tx.user.id, input.idempotencyKey);
      if (earlier) return { result: answer(earlier, await wallet.balance(tx)), made: false };
      const r = await remaining(tx, seriesId, input.kind);
      if (r.episodes.length === 0) throw new AppError('EXIST_LIBRARY');
      return complete(tx, {
        kind: input.kind === 'RENT' ? 'ALL_RENT' : 'ALL_POSSESSION',
        seriesId: r.series.id,
        episodeIds: r.episodes.map((e) => e.id),
        price: r.price,
        key: input.idempotencyKey,
        decidedOn: null,
      });
    }),
  );
  if (!written) throw new Error('a purchase decided under the wallet lock saw its hold change');
  return written;
}
