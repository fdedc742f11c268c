import { z } from 'zod';
import { IMAGE_WIDTHS } from './constants.js';
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
import { IdParam, MAX_PAGE } from './inputs.js';

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

/**
 * What the caller may do with an episode (spec §2 episode list, DESIGN §6):
 * FREE for everyone; OWNED (bought or permanent); RENTED and FREETIME_UNLOCKED until `expiresAt`;
 * FREETIME_READY when a wait-until-free ticket can unlock it now; FREETIME_WAIT until `ticketAt`;
 * PAID otherwise (the price is on the episode).
 */
export const EpisodeAccessState = z.enum([
  'FREE',
  'OWNED',
  'RENTED',
  'FREETIME_UNLOCKED',
  'FREETIME_READY',
  'FREETIME_WAIT',
  'PAID',
]);
export type EpisodeAccessState = z.infer<typeof EpisodeAccessState>;

export const EpisodeAccess = z.object({
  state: EpisodeAccessState,
  /** End of a rental or of a free-time unlock. */
  expiresAt: z.string().nullable(),
  /** When the series' free-time ticket is back (FREETIME_WAIT). */
  ticketAt: z.string().nullable(),
});
export type EpisodeAccess = z.infer<typeof EpisodeAccess>;

export { isReadable, priceOffers } from './episode-rules.js';

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
  access: EpisodeAccess,
  /** The member has opened this episode before. */
  read: z.boolean(),
});
export type EpisodeSummary = z.infer<typeof EpisodeSummary>;

export const SeriesNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type SeriesNotice = z.infer<typeof SeriesNotice>;

/** Where a reader stands in an episode: the page index and how far through it (0 to 1). */
export const ReadingPosition = z.object({
  page: z.number().int().min(0).max(MAX_PAGE),
  offset: z.number().min(0).max(1),
});
export type ReadingPosition = z.infer<typeof ReadingPosition>;

export const SeriesDetail = SeriesCard.extend({
  synopsis: z.string(),
  coverUrl: z.string(),
  creators: z.array(Creator),
  tags: z.array(z.string()),
  nextUpdateAt: z.string().nullable(),
  /** Hours after which a used wait-until-free ticket is back; null when the series has none. */
  freetimeIntervalHours: z.number().int().nullable(),
  /** The DETAIL_NOTICE_COUNT latest notices of the series. */
  notices: z.array(SeriesNotice),
  /** Member state; false / null for visitors. */
  isFavorite: z.boolean(),
  /** The episode the member read last in this series (continue reading). */
  lastRead: z.object({ episodeId: z.number().int(), number: z.number().int() }).nullable(),
  episodes: z.array(EpisodeSummary),
});
export type SeriesDetail = z.infer<typeof SeriesDetail>;

export const IdParams = z.object({ id: IdParam });

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

export const EpisodeLink = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  rentPrice: z.number().int(),
  buyPrice: z.number().int(),
  saleType: SaleType,
  access: EpisodeAccess,
});
export type EpisodeLink = z.infer<typeof EpisodeLink>;

export const ViewerResponse = z.object({
  series: z.object({
    id: z.number().int(),
    title: z.string(),
    status: ContentStatus,
    nextUpdateAt: z.string().nullable(),
    /** Hours after which a used wait-until-free ticket is back; null when the series has none (the free-time popup says it). */
    freetimeIntervalHours: z.number().int().nullable(),
  }),
  episode: z.object({ id: z.number().int(), number: z.number().int(), title: z.string(), contentKind: ContentKind }),
  /** Image URLs of paid episodes are signed and expire at `pagesExpireAt`; ask again after it. */
  pages: z.array(ViewerPage),
  pagesExpireAt: z.string().nullable(),
  prev: EpisodeLink.nullable(),
  next: EpisodeLink.nullable(),
  /** Where the member stopped in this episode last time (visitors keep theirs on the device). */
  resume: ReadingPosition.nullable(),
});
export type ViewerResponse = z.infer<typeof ViewerResponse>;

/** Series a brand lists in its sitemap: never adult ones (they are not indexed). */
export const SitemapEntry = z.object({ id: z.number().int(), updatedAt: z.string() });
export type SitemapEntry = z.infer<typeof SitemapEntry>;
export const SitemapList = z.array(SitemapEntry);

/** An editor's pick (`/home/pick`): a titled collection of series. */
export const PickSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The first few series, for the collection's preview row. */
  items: z.array(SeriesCard),
  total: z.number().int(),
});
export type PickSummary = z.infer<typeof PickSummary>;
export const PickList = z.array(PickSummary);
export const PickDetail = PickSummary;
export type PickDetail = z.infer<typeof PickDetail>;

export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
export type Banner = z.infer<typeof Banner>;
export const BannerList = z.array(Banner);

/** GET /media/{key}: a width of IMAGE_WIDTHS (the original's when left out), and the viewer's signature. */
export const MediaQuery = z.object({
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
  w: z.coerce
    .number()
    .int()
    .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), {
      message: 'width must be one of the rendition widths (spec §9 and decision 0177)',
    })
    .optional(),
});
