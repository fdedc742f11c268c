import type { VisitorPages } from './visitor-pages.mjs';

export declare const PAGE_DROP_PATH: '/_/pages/drop';
export declare const PAGE_DROP_SIGNATURE_HEADER: 'x-balcony-signature';
export declare function brandRouting(
  env: { BRAND_ID?: string; BRAND_HOSTS?: string },
  defaultBrand: string,
): (host: string) => string;
export declare function pagesOfTags(
  tags: readonly string[] | null,
  brandOfHost: (host: string) => string,
): (host: string, pathname: string) => boolean;
export declare function shareVisitorPages(pages: VisitorPages | null): void;
export declare function dataTagsOf(tags: readonly string[] | null, brandIds: readonly string[]): string[];
export declare function applyPageDrop(drop: {
  body: string;
  signature: string | null;
  env: Readonly<Record<string, string | undefined>>;
  defaultBrand: string;
  brandIds: readonly string[];
  revalidate: (tag: string) => void;
}): 204 | 400 | 403;
