import {
  AppError,
  type EpisodeAccess,
  type EpisodeLink,
  type EpisodeOffer,
  isReadable,
  type ReadingPosition,
  type ViewerResponse,
} from '@balcony/contracts';
import type { MemberContext, ServiceContext } from '../../context.js';
import { accessToEpisodes } from '../access/service.js';
import * as catalog from '../catalog/service.js';
import * as library from '../library/service.js';
import { PAGE_URL_TTL_MS } from '../media/signing.js';

function toLink(e: catalog.EpisodeRow, series: catalog.SeriesRow, access: EpisodeAccess): EpisodeLink {
  return {
    id: e.id,
    number: e.number,
    title: e.title,
    ...catalog.effectivePrices(e, series),
    saleType: e.saleType,
    access,
  };
}

/**
 * The pages of an episode the caller is entitled to (free, or an ownership row that has not run
 * out). Image URLs of paid episodes and of adult series are signed for PAGE_URL_TTL_MS (the media
 * route serves those only signed); free pages of other series are public.
 */
export async function episodeViewer(ctx: ServiceContext, episodeId: number): Promise<ViewerResponse> {
  const { episode, series, neighbours, pages, nextAt } = await catalog.episodeForReading(ctx, episodeId);
  const around = [episode, neighbours.prev, neighbours.next].filter((e) => e !== null);
  const [access, resume] = await Promise.all([
    accessToEpisodes(ctx, series, around),
    ctx.user ? library.readingPosition(ctx, ctx.user.id, episode.id) : null,
  ]);
  const own = access.get(episode.id);
  if (!own || !isReadable(own)) throw new AppError('UNAUTHORIZED_CONTENTS');
  const expiresAt = episode.isFree && !series.isAdult ? null : new Date(ctx.now.getTime() + PAGE_URL_TTL_MS);
  const pageUrl = (key: string) => (expiresAt ? ctx.services.signer.sign(key, expiresAt) : catalog.mediaUrl(key));
  const link = (e: catalog.EpisodeRow | null) => {
    const a = e && access.get(e.id);
    return e && a ? toLink(e, series, a) : null;
  };
  return {
    series: {
      id: series.id,
      title: series.title,
      status: series.status,
      nextUpdateAt: series.status === 'SCHEDULED' ? (nextAt?.toISOString() ?? null) : null,
      freetimeIntervalHours: series.freetimeIntervalHours,
    },
    episode: {
      id: episode.id,
      number: episode.number,
      title: episode.title,
      contentKind: episode.contentKind,
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

/**
 * What opening an episode takes for this caller (the viewer's locked screen, decision 0154): its
 * prices and sale type and the caller's access (a ticket ready or its time), as the series page
 * shows them. Served to whoever may see the series, like the viewer.
 */
export async function episodeOffer(ctx: ServiceContext, episodeId: number): Promise<EpisodeOffer> {
  const { episode, series } = await catalog.episodeForReading(ctx, episodeId);
  const access = (await accessToEpisodes(ctx, series, [episode])).get(episode.id);
  if (!access) throw new AppError('NOT_FOUND_EPISODE');
  return {
    series: { id: series.id, title: series.title, freetimeIntervalHours: series.freetimeIntervalHours },
    episode: toLink(episode, series, access),
  };
}

/** Keeps where the member stopped; only in an episode they may read. */
export async function saveProgress(
  ctx: MemberContext,
  episodeId: number,
  position: ReadingPosition,
): Promise<ReadingPosition> {
  const { episode, series, pages } = await catalog.episodeForReading(ctx, episodeId);
  const access = (await accessToEpisodes(ctx, series, [episode])).get(episode.id);
  if (!access || !isReadable(access)) throw new AppError('UNAUTHORIZED_CONTENTS');
  const page = Math.min(position.page, Math.max(pages.length - 1, 0));
  await library.keepReadingPosition(ctx, { episodeId, seriesId: series.id, page, offset: position.offset });
  return { page, offset: position.offset };
}
