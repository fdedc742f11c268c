import 'server-only';
import {
  type BrandConfig,
  FaqResponse,
  NOTICE_PAGE_SIZE,
  NoticeDetail,
  NoticePage,
  PolicyDocument,
  type PolicyKind,
} from '@balcony/contracts';
import { cache } from 'react';
import { apiGet } from './api-client';
import { apiBaseUrl } from './api-url';

// The support pages' calls (spec §2 /notice, /faq, /policy, /privacy). They are the same for
// every reader of a brand, so no bearer goes with them; the api keeps each answer for up to
// 5 minutes and drops it when an admin publishes (decision 0181), so the web keeps nothing itself.

/** GET /notices: a page of the brand's notices, pinned first. */
export const fetchNotices = cache((brand: BrandConfig, page: number, size: number = NOTICE_PAGE_SIZE) =>
  apiGet({
    baseUrl: apiBaseUrl(),
    brand,
    path: '/notices',
    query: { page: String(page), size: String(size) },
    schema: NoticePage,
  }),
);

/** GET /notices/{id}: a notice with its sanitised body and its neighbours. */
export const fetchNotice = cache((brand: BrandConfig, id: number) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: `/notices/${id}`, schema: NoticeDetail }),
);

/** GET /faq?q=: the FAQ, or the entries matching a search. */
export const fetchFaq = cache((brand: BrandConfig, query: string) =>
  apiGet({
    baseUrl: apiBaseUrl(),
    brand,
    path: '/faq',
    query: { q: query || undefined },
    schema: FaqResponse,
  }),
);

/** GET /policies/{kind}: the version in force, or the one asked for. */
export const fetchPolicy = cache((brand: BrandConfig, kind: PolicyKind, version: number | undefined) =>
  apiGet({
    baseUrl: apiBaseUrl(),
    brand,
    path: `/policies/${kind}`,
    query: { version: version === undefined ? undefined : String(version) },
    schema: PolicyDocument,
  }),
);
