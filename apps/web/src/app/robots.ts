import type { MetadataRoute } from 'next';
import { robotsRules } from '@/lib/metadata';
import { getRequestOrigin } from '@/lib/request-origin';

/** /robots.txt, pointing to the sitemap on the host the crawler asked. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  return robotsRules(await getRequestOrigin());
}
