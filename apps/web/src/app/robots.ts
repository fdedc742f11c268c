import type { MetadataRoute } from 'next';
import { getRequestOrigin } from '@/lib/http/request-origin';
import { robotsRules } from '@/lib/seo/metadata';

/** /robots.txt, pointing to the sitemap on the host the crawler asked. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  return robotsRules(await getRequestOrigin());
}
