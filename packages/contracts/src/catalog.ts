import { z } from 'zod';
import {
  ContentKind,
  ContentStatus,
  CreatorType,
  FreeContentSort,
  Genre,
  HomeTab,
  Mark,
  ScheduleKey,
  Weekday,
} from './enums.js';

// Request and response schemas of the catalog API (GET /contents/home/{tab}, /contents/{id},
// /episodes/{id}/viewer, /banners). Image fields are paths of the api's media route
// (`/media/...`); clients add `?w=` with one of IMAGE_WIDTHS.

export const SaleType = z.enum(['BOTH', 'RENT_ONLY', 'POSSESSION_ONLY']);
export type SaleType = z.infer<typeof SaleType>;

export const SeriesCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  thumbnailUrl: z.string(),
  isAdult: z.boolean(),
  isBl: z.boolean(),
  status: ContentStatus,
  schedule: z.array(ScheduleKey),
  genres: z.array(Genre),
  marks: z.array(Mark),
  contentKind: ContentKind,
  /** 1-based position in the brand's ranking. */
  rank: z.number().int(),
  lastPublishedAt: z.string().nullable(),
  freeEpisodeCount: z.number().int(),
});
export type SeriesCard = z.infer<typeof SeriesCard>;

export const HomeTabParams = z.object({ tab: HomeTab });
export const HomeTabQuery = z.object({ sort: FreeContentSort.optional() });

export const HomeTabResponse = z.object({
  tab: HomeTab,
  /** Today's weekday in the brand's time zone, for the weekday calendar. */
  today: Weekday,
  items: z.array(SeriesCard),
  /** True when adult series exist on this tab but were hidden from this caller (spec §4/§6). */
  adultHidden: z.boolean(),
});
export type HomeTabResponse = z.infer<typeof HomeTabResponse>;

export const Creator = z.object({ id: z.number().int(), name: z.string(), type: CreatorType });
export type Creator = z.infer<typeof Creator>;

export const EpisodeSummary = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  publishedAt: z.string(),
  thumbnailUrl: z.string(),
  isFree: z.boolean(),
  /** Eligible for a wait-until-free ticket. */
  freetime: z.boolean(),
  rentPrice: z.number().int(),
  buyPrice: z.number().int(),
  saleType: SaleType,
  contentKind: ContentKind,
  marks: z.array(Mark),
});
export type EpisodeSummary = z.infer<typeof EpisodeSummary>;

export const SeriesDetail = SeriesCard.extend({
  synopsis: z.string(),
  coverUrl: z.string(),
  creators: z.array(Creator),
  tags: z.array(z.string()),
  nextUpdateAt: z.string().nullable(),
  episodes: z.array(EpisodeSummary),
});
export type SeriesDetail = z.infer<typeof SeriesDetail>;

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const ViewerPage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('IMAGE'),
    index: z.number().int(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  z.object({ kind: z.literal('TEXT'), index: z.number().int(), text: z.string() }),
]);
export type ViewerPage = z.infer<typeof ViewerPage>;

export const EpisodeLink = z.object({ id: z.number().int(), number: z.number().int(), isFree: z.boolean() });

export const ViewerResponse = z.object({
  series: z.object({
    id: z.number().int(),
    title: z.string(),
    status: ContentStatus,
    nextUpdateAt: z.string().nullable(),
  }),
  episode: z.object({ id: z.number().int(), number: z.number().int(), title: z.string(), contentKind: ContentKind }),
  pages: z.array(ViewerPage),
  prev: EpisodeLink.nullable(),
  next: EpisodeLink.nullable(),
});
export type ViewerResponse = z.infer<typeof ViewerResponse>;

export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
export type Banner = z.infer<typeof Banner>;
export const BannerList = z.array(Banner);

/** Device widths of spec §9 for image renditions. */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_QUALITY = 75;
