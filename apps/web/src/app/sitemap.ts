import type { MetadataRoute } from 'next';
import { fetchPicks, fetchSitemap } from '@/lib/api/api';
import { getRequestBrand } from '@/lib/brand/brand';
import { getRequestOrigin } from '@/lib/http/request-origin';
import { sitemapEntries } from '@/lib/seo/metadata';

/**
 * /sitemap.xml of the brand the request's host serves (reading the host makes it per request).
 * A failing api answers an error rather than a sitemap without its series.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [brand, origin] = await Promise.all([getRequestBrand(), getRequestOrigin()]);
  if (!origin) return [];
  // As a visitor sees them: what a crawler may see.
  const [series, picks] = await Promise.all([fetchSitemap(brand), fetchPicks(brand, undefined)]);
  return sitemapEntries(origin, { series, picks });
}
