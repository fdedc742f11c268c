import {
  AppError,
  type EpisodeAccess,
  type EpisodeLink,
  isReadable,
  type ReadingPosition,
  type ViewerResponse,
} from '@balcony/contracts';
import * as catalogRepo from '../catalog/repo.js';
import { type CatalogCtx, effectivePrices, mediaUrl, visibleSeries } from '../catalog/service.js';
import { accessToEpisodes } from '../library/entitlement.js';
import * as libraryRepo from '../library/repo.js';
import { PAGE_URL_TTL_MS, type PageUrlSigner } from './signing.js';

export interface ViewerCtx extends CatalogCtx {
  signer: PageUrlSigner;
}

/** A published episode of a series this caller may see, or the viewer codes of spec §8. */
async function visibleEpisode(ctx: CatalogCtx, episodeId: number) {
  const episode = await catalogRepo.findEpisode(ctx.db, episodeId);
  if (!episode || episode.publishedAt > ctx.now) throw new AppError('NOT_FOUND_EPISODE');
  const series = await visibleSeries(ctx, episode.seriesId);
  return { episode, series };
}

function toLink(e: catalogRepo.EpisodeRow, series: catalogRepo.SeriesRow, access: EpisodeAccess): EpisodeLink {
  return {
    id: e.id,
    number: e.number,
    title: e.title,
    ...effectivePrices(e, series),
    saleType: e.saleType as EpisodeLink['saleType'],
    access,
  };
}

/**
 * The pages of an episode the caller is entitled to (free, or an ownership row that has not run
 * out). Image URLs of paid episodes and of adult series are signed for PAGE_URL_TTL_MS (the media
 * route serves those only signed); free pages of other series are public.
 */
export async function episodeViewer(ctx: ViewerCtx, episodeId: number): Promise<ViewerResponse> {
  const { episode, series } = await visibleEpisode(ctx, episodeId);
  const neighbours = await catalogRepo.findNeighbours(ctx.db, episode.seriesId, episode.number, ctx.now);
  const around = [episode, neighbours.prev, neighbours.next].filter((e) => e !== null);
  const access = await accessToEpisodes(ctx, series.id, around);
  const own = access.get(episode.id);
  if (!own || !isReadable(own)) throw new AppError('UNAUTHORIZED_CONTENTS');

  const [pages, nextAt, resume] = await Promise.all([
    catalogRepo.listPages(ctx.db, episode.id),
    catalogRepo.nextScheduledAt(ctx.db, episode.seriesId, ctx.now),
    ctx.user ? libraryRepo.findProgress(ctx.db, ctx.user.id, episode.id) : null,
  ]);
  const expiresAt = episode.isFree && !series.isAdult ? null : new Date(ctx.now.getTime() + PAGE_URL_TTL_MS);
  const pageUrl = (key: string) => (expiresAt ? ctx.signer.sign(key, expiresAt) : mediaUrl(key));
  const link = (e: catalogRepo.EpisodeRow | null) => {
    const a = e && access.get(e.id);
    return e && a ? toLink(e, series, a) : null;
  };
  return {
    series: {
      id: series.id,
      title: series.title,
      status: series.status as ViewerResponse['series']['status'],
      nextUpdateAt: series.status === 'SCHEDULED' ? (nextAt?.toISOString() ?? null) : null,
    },
    episode: {
      id: episode.id,
      number: episode.number,
      title: episode.title,
      contentKind: episode.contentKind as ViewerResponse['episode']['contentKind'],
    },
    pages: pages.map((p) =>
      p.imageKey && p.width && p.height
        ? { kind: 'IMAGE' as const, index: p.position, url: pageUrl(p.imageKey), width: p.width, height: p.height }
        : { kind: 'TEXT' as const, index: p.position, text: p.text ?? '' },
    ),
    pagesExpireAt: expiresAt?.toISOString() ?? null,
    prev: link(neighbours.prev),
    next: link(neighbours.next),
    resume,
  };
}

/** Keeps where the member stopped; only in an episode they may read. */
export async function saveProgress(
  ctx: CatalogCtx & { user: NonNullable<CatalogCtx['user']> },
  episodeId: number,
  position: ReadingPosition,
): Promise<ReadingPosition> {
  const { episode, series } = await visibleEpisode(ctx, episodeId);
  const access = (await accessToEpisodes(ctx, series.id, [episode])).get(episode.id);
  if (!access || !isReadable(access)) throw new AppError('UNAUTHORIZED_CONTENTS');
  const pageCount = await catalogRepo.countPages(ctx.db, episode.id);
  const page = Math.min(position.page, Math.max(pageCount - 1, 0));
  await libraryRepo.saveProgress(ctx.db, {
    userId: ctx.user.id,
    episodeId,
    seriesId: series.id,
    page,
    offset: position.offset,
    now: ctx.now,
  });
  return { page, offset: position.offset };
}
