import type { BrandConfig, Locale, PickSummary, SitemapEntry } from '@balcony/contracts';
import type { Metadata, MetadataRoute } from 'next';
import { HOME_TAB_SLUGS, type HomeTabSlug, routes } from '../navigation/routes';

// Open Graph locales are language_TERRITORY.
const OG_LOCALE: Readonly<Record<Locale, string>> = {
  fr: 'fr_FR',
  de: 'de_DE',
  ja: 'ja_JP',
  th: 'th_TH',
  'zh-TW': 'zh_TW',
  en: 'en_GB',
};

/** The brand's part of every page's Open Graph data (a page's openGraph replaces its parent's whole). */
export function openGraphBase(brand: BrandConfig): NonNullable<Metadata['openGraph']> {
  return { siteName: brand.product, locale: OG_LOCALE[brand.locale], type: 'website' };
}

/** A description of at most `max` characters, cut at a word boundary. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export interface PageMetadataInput {
  /** A page title (the layout's template adds the product) or an absolute one. */
  title: string | { absolute: string };
  description: string;
  /** The page's own path; the root layout's metadataBase (the request origin) makes it absolute. */
  path: string;
  /** The page's picture for link previews: a rendition path of the api's media route. */
  image?: { url: string; alt: string } | undefined;
  /** A series page is a book in Open Graph's terms; lists are websites. */
  type?: 'website' | 'book';
  /** Keeps the page out of search engines (adult series, spec §6). */
  noIndex?: boolean;
}

/** Title, description, canonical URL, Open Graph and Twitter card of an indexable page. */
export function pageMetadata(brand: BrandConfig, page: PageMetadataInput): Metadata {
  const title = typeof page.title === 'string' ? `${page.title} · ${brand.product}` : page.title.absolute;
  const images = page.image ? [page.image] : undefined;
  const shared = { title, description: page.description, url: page.path, images };
  return {
    title: page.title,
    description: page.description,
    alternates: { canonical: page.path },
    openGraph:
      page.type === 'book'
        ? { ...openGraphBase(brand), ...shared, type: 'book' }
        : { ...openGraphBase(brand), ...shared, type: 'website' },
    twitter: { card: page.image ? 'summary_large_image' : 'summary', title, description: page.description, images },
    ...(page.noIndex ? { robots: { index: false, follow: false } } : {}),
  };
}

/** Home tabs worth indexing: every tab but the mature one, whose series visitors cannot see. */
export const INDEXED_HOME_TABS: readonly HomeTabSlug[] = HOME_TAB_SLUGS.filter((slug) => slug !== 'mature');

/**
 * The sitemap of a brand's site: the main page, its home tabs, the editors' picks and every
 * indexable series (the api lists no adult series), with the series' last change.
 */
export function sitemapEntries(
  origin: URL,
  content: { series: readonly SitemapEntry[]; picks: readonly Pick<PickSummary, 'id'>[] },
): MetadataRoute.Sitemap {
  const url = (path: string) => new URL(path, origin).href;
  return [
    { url: url(routes.home), changeFrequency: 'daily', priority: 1 },
    ...INDEXED_HOME_TABS.map((slug) => ({
      url: url(routes.homeTab(slug)),
      changeFrequency: 'daily' as const,
      priority: 0.8,
    })),
    ...content.picks.map((pick) => ({
      url: url(routes.pick(pick.id)),
      changeFrequency: 'weekly' as const,
      priority: 0.6,
    })),
    ...content.series.map((series) => ({
      url: url(routes.detail(series.id)),
      lastModified: series.updatedAt,
      changeFrequency: 'weekly' as const,
      priority: 0.7,
    })),
  ];
}

/**
 * Paths crawlers leave alone: the web's endpoints, member and account screens (they only ask to
 * log in), search results, and the viewer (series pages carry the text worth indexing; episode
 * pages are pictures, and paid ones are readable by their owners only).
 */
export const CRAWL_DISALLOWED = [
  '/api/',
  '/my',
  '/library/',
  '/history/',
  '/user/',
  '/setting/',
  '/callback/',
  '/mail/',
  '/transfer/',
  '/gift',
  '/coupon',
  '/comment/my',
  '/qna',
  '/search',
  '/viewer/',
] as const;

export function robotsRules(origin: URL | null): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: [...CRAWL_DISALLOWED] },
    ...(origin ? { sitemap: new URL('/sitemap.xml', origin).href } : {}),
  };
}
