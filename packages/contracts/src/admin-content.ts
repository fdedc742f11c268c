import { z } from 'zod';
import { PlatformId } from './brands.js';
import { SaleType, ViewerResponse } from './catalog.js';
import { ContentKind, ContentStatus, CreatorType, DisplayChannel, Genre, ScheduleKey } from './enums.js';
import { CONTROL_CHARACTERS, IdParam, PageNumber, text } from './inputs.js';

// The console's content and home screens (issue 15 items 3 and 4): series with their brands and
// sale settings, episodes with their publication time, pages, banners, editors' picks and the
// order of the home tabs. Routes are open to CONTENT (and OWNER).

/** A page image upload: at most this many bytes… */
export const PAGE_MAX_BYTES = 20 * 1024 * 1024;
/** …this wide (webtoon strips are narrow; 2000 px is twice the widest reader screen)… */
export const PAGE_MAX_WIDTH = 2000;
/** …this tall (a long strip)… */
export const PAGE_MAX_HEIGHT = 20_000;
/** …and at most this many pixels in all, read from the header before anything is decoded. */
export const PAGE_MAX_PIXELS = PAGE_MAX_WIDTH * PAGE_MAX_HEIGHT;
/** Cover and banner images: smaller bounds. */
export const ARTWORK_MAX_BYTES = 10 * 1024 * 1024;
export const ARTWORK_MAX_PIXELS = 4000 * 4000;
/** Pages one upload request may carry (the console sends one file per request for progress). */
export const PAGE_UPLOAD_MAX_FILES = 10;
/** Pages an episode may hold. */
export const EPISODE_MAX_PAGES = 300;
/** Paragraphs per stored text page (the viewer shows one text page per screen). */
export const TEXT_PARAGRAPHS_PER_PAGE = 12;
export const TEXT_BODY_MAX = 200_000;

/** Highest coin price of an episode. */
export const EPISODE_MAX_PRICE = 10_000;

const Slug = z
  .string()
  .min(2)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const Title = text(200).pipe(z.string().trim().min(1));
const Synopsis = text(5000);
const IsoTime = z.iso.datetime({ offset: true });
/** An image key made by the console's upload (POST /admin/images). */
export const UploadedImageKey = z.string().regex(/^admin\/(covers|banners)\/[a-z0-9-]+\.webp$/);

export const EpisodeIdParams = z.object({ episodeId: IdParam });
export const PageIdParams = z.object({ episodeId: IdParam, pageId: IdParam });
export const BannerIdParams = z.object({ bannerId: IdParam });
export const PickIdParams = z.object({ pickId: IdParam });

// ——— series ———

export const AdminSeriesQuery = z.object({
  q: text(100).optional(),
  /** Only series shown on this brand. */
  brandId: PlatformId.optional(),
  status: ContentStatus.optional(),
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminSeriesQuery = z.infer<typeof AdminSeriesQuery>;

export const AdminSeriesListItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: ContentStatus,
  isAdult: z.boolean(),
  isBl: z.boolean(),
  contentKind: ContentKind,
  coverUrl: z.string().nullable(),
  brandIds: z.array(PlatformId),
  episodeCount: z.number().int(),
  /** The next scheduled publication of one of its episodes, if any. */
  nextPublicationAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminSeriesListItem = z.infer<typeof AdminSeriesListItem>;

export const AdminSeriesPage = z.object({
  items: z.array(AdminSeriesListItem),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type AdminSeriesPage = z.infer<typeof AdminSeriesPage>;

/** How a brand shows and sells a series (series_brands). Prices are the episodes' own. */
export const AdminSeriesBrand = z.object({
  brandId: PlatformId,
  /** The title and synopsis readers of this brand see (localised). */
  title: Title,
  synopsis: Synopsis,
  /** When the series appears on this brand. */
  publishedAt: IsoTime,
  /** A running sale: percent off every episode's coin price on this brand. */
  discountPercent: z.number().int().min(0).max(90),
  /** Hours until a used wait-until-free ticket is back; null: no ticket on this brand. */
  freetimeIntervalHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .nullable(),
  /** How many of the newest episodes a ticket may not open. */
  freetimeExcludesLatest: z.number().int().min(0).max(1000),
});
export type AdminSeriesBrand = z.infer<typeof AdminSeriesBrand>;

export const AdminCreator = z.object({ name: text(100).pipe(z.string().trim().min(1)), type: CreatorType });
export type AdminCreator = z.infer<typeof AdminCreator>;

export const AdminSeriesInput = z
  .object({
    slug: Slug,
    title: Title,
    synopsis: Synopsis,
    status: ContentStatus,
    schedule: z.array(ScheduleKey).max(8),
    isAdult: z.boolean(),
    isBl: z.boolean(),
    contentKind: ContentKind,
    format: z.enum(['SERIAL', 'SINGLE']),
    /** An image uploaded as a cover; required before the series is shown on any brand. */
    coverKey: UploadedImageKey.nullable(),
    creators: z.array(AdminCreator).min(1).max(20),
    genres: z.array(Genre).max(Genre.options.length),
    tags: z.array(text(40).pipe(z.string().trim().min(1))).max(30),
    brands: z.array(AdminSeriesBrand).max(PlatformId.options.length),
  })
  .refine((s) => new Set(s.brands.map((b) => b.brandId)).size === s.brands.length, {
    message: 'INVALID_PARAMETER',
    path: ['brands'],
  });
export type AdminSeriesInput = z.infer<typeof AdminSeriesInput>;

export const AdminSeriesDetail = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  synopsis: z.string(),
  status: ContentStatus,
  schedule: z.array(ScheduleKey),
  isAdult: z.boolean(),
  isBl: z.boolean(),
  contentKind: ContentKind,
  format: z.enum(['SERIAL', 'SINGLE']),
  coverKey: z.string().nullable(),
  coverUrl: z.string().nullable(),
  creators: z.array(AdminCreator),
  genres: z.array(Genre),
  tags: z.array(z.string()),
  brands: z.array(AdminSeriesBrand),
  episodes: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      title: z.string(),
      publishedAt: z.string(),
      published: z.boolean(),
      pageCount: z.number().int(),
      contentKind: ContentKind,
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSeriesDetail = z.infer<typeof AdminSeriesDetail>;

// ——— episodes and pages ———

/** When an episode goes out: now, or at a time (in the future, or moved back into the future). */
export const Publication = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('NOW') }),
  z.object({ mode: z.literal('AT'), at: IsoTime }),
]);
export type Publication = z.infer<typeof Publication>;

export const AdminEpisodeInput = z
  .object({
    number: z.number().int().min(1).max(100_000),
    title: Title,
    isFree: z.boolean(),
    /** Eligible for a wait-until-free ticket. */
    freetime: z.boolean(),
    rentPrice: z.number().int().min(0).max(EPISODE_MAX_PRICE),
    buyPrice: z.number().int().min(0).max(EPISODE_MAX_PRICE),
    saleType: SaleType,
    contentKind: ContentKind,
    publication: Publication,
  })
  .refine((e) => e.isFree || e.saleType === 'RENT_ONLY' || e.buyPrice > 0, {
    message: 'INVALID_PARAMETER',
    path: ['buyPrice'],
  })
  .refine((e) => e.isFree || e.saleType === 'POSSESSION_ONLY' || e.rentPrice > 0, {
    message: 'INVALID_PARAMETER',
    path: ['rentPrice'],
  });
export type AdminEpisodeInput = z.infer<typeof AdminEpisodeInput>;

export const AdminPage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('IMAGE'),
    id: z.number().int(),
    position: z.number().int(),
    /** Signed for the console (pages of unpublished or paid episodes are not public). */
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  z.object({ kind: z.literal('TEXT'), id: z.number().int(), position: z.number().int(), text: z.string() }),
]);
export type AdminPage = z.infer<typeof AdminPage>;

export const AdminEpisode = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  isFree: z.boolean(),
  freetime: z.boolean(),
  rentPrice: z.number().int(),
  buyPrice: z.number().int(),
  saleType: SaleType,
  contentKind: ContentKind,
  publishedAt: z.string(),
  published: z.boolean(),
  pages: z.array(AdminPage),
});
export type AdminEpisode = z.infer<typeof AdminEpisode>;

export const PageOrderInput = z.object({ pageIds: z.array(z.number().int().min(1)).min(1).max(EPISODE_MAX_PAGES) });
export type PageOrderInput = z.infer<typeof PageOrderInput>;

/** A text episode's body: paragraphs separated by a blank line. */
export const TextBodyInput = z.object({
  body: z
    .string()
    .max(TEXT_BODY_MAX)
    .refine((s) => !CONTROL_CHARACTERS.test(s), { message: 'INVALID_PARAMETER' })
    .refine((s) => s.trim().length > 0, { message: 'INVALID_PARAMETER' }),
});
export type TextBodyInput = z.infer<typeof TextBodyInput>;

/** What the console needs to show an unpublished episode in the viewer (decision 0232). */
export const EpisodePreview = ViewerResponse;
export type EpisodePreview = z.infer<typeof EpisodePreview>;

/** An uploaded cover or banner image. */
export const UploadedImage = z.object({
  key: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;
export const ImagePurposeQuery = z.object({ purpose: z.enum(['covers', 'banners']) });

export const AdminDeleted = z.object({ deleted: z.literal(true) });
export type AdminDeleted = z.infer<typeof AdminDeleted>;

// ——— home: banners, picks, tabs ———

export const AdminBannerInput = z
  .object({
    title: Title,
    imageKey: UploadedImageKey,
    /** A path on the reader web (`/detail/12`) or an https address. */
    linkUrl: text(500).pipe(z.string().regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/)),
    displayChannel: DisplayChannel,
    startsAt: IsoTime.nullable(),
    endsAt: IsoTime.nullable(),
  })
  .refine((b) => !b.startsAt || !b.endsAt || b.startsAt < b.endsAt, {
    message: 'INVALID_PARAMETER',
    path: ['endsAt'],
  });
export type AdminBannerInput = z.infer<typeof AdminBannerInput>;

export const AdminBanner = z.object({
  id: z.number().int(),
  brandId: z.string(),
  title: z.string(),
  imageKey: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  displayChannel: DisplayChannel,
  position: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type AdminBanner = z.infer<typeof AdminBanner>;
export const AdminBannerList = z.array(AdminBanner);

/** A new order of the brand's banners or picks: every id, once, in the order wanted. */
export const OrderInput = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(500) });
export type OrderInput = z.infer<typeof OrderInput>;

export const AdminPickInput = z
  .object({
    title: Title,
    description: text(1000),
    startsAt: IsoTime.nullable(),
    endsAt: IsoTime.nullable(),
    /** The pick's series, in order. */
    seriesIds: z.array(z.number().int().min(1)).max(100),
  })
  .refine((p) => new Set(p.seriesIds).size === p.seriesIds.length, {
    message: 'INVALID_PARAMETER',
    path: ['seriesIds'],
  })
  .refine((p) => !p.startsAt || !p.endsAt || p.startsAt < p.endsAt, { message: 'INVALID_PARAMETER', path: ['endsAt'] });
export type AdminPickInput = z.infer<typeof AdminPickInput>;

export const AdminPick = z.object({
  id: z.number().int(),
  brandId: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  series: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AdminPick = z.infer<typeof AdminPick>;
export const AdminPickList = z.array(AdminPick);

/** The tabs of the reader home's tab bar (`/home/{slug}`), in their default order. */
export const HomeTabSlug = z.enum(['weekly', 'free', 'ranking', 'bl', 'mature', 'romance', 'action', 'pick']);
export type HomeTabSlug = z.infer<typeof HomeTabSlug>;
export const DEFAULT_HOME_TAB_ORDER: readonly HomeTabSlug[] = HomeTabSlug.options;

/** A brand's tab bar: every tab once, in order (GET /contents/home-tabs, PUT /admin/home/tabs). */
export const HomeTabOrder = z.object({
  tabs: z
    .array(HomeTabSlug)
    .length(HomeTabSlug.options.length)
    .refine((tabs) => new Set(tabs).size === tabs.length, { message: 'INVALID_PARAMETER' }),
});
export type HomeTabOrder = z.infer<typeof HomeTabOrder>;
export const AdminHomeTabs = HomeTabOrder.extend({ isDefault: z.boolean() });
export type AdminHomeTabs = z.infer<typeof AdminHomeTabs>;
