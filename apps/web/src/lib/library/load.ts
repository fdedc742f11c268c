import 'server-only';
import { type BrandConfig, type FreetimeTicket, FreetimeTicketList } from '@balcony/contracts';
import { redirect } from 'next/navigation';
import { apiCall } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { requireMember } from '../auth/require-member';
import { getRequestBrand } from '../brand/brand';
import { type LibraryTab, routes } from '../navigation/routes';
import { getStoredSession } from '../session/server';
import { pageCount, readPage } from './paging';

export interface LibraryPageData {
  items: readonly unknown[];
  page: number;
  size: number;
  total: number;
}

/**
 * One page of a library list for the member (a visitor is sent to sign-in and back, spec §6).
 * A page past the end (the last entries were removed) goes to the last page there is.
 */
export async function loadLibrary<T extends LibraryPageData>(
  tab: LibraryTab,
  searchParams: Readonly<Record<string, string | string[] | undefined>>,
  fetchPage: (brand: BrandConfig, page: number, accessToken: string | undefined) => Promise<T>,
): Promise<T> {
  await requireMember(routes.library(tab), searchParams);
  const page = readPage(searchParams.page);
  const brand = await getRequestBrand();
  const data = await fetchPage(brand, page, (await getStoredSession())?.accessToken);
  const last = pageCount(data.total, data.size);
  if (page > last) redirect(routes.library(tab, last));
  return data;
}

/**
 * The member's wait-until-free ticket of each listed series that offers one (issue 12: the
 * library says when the next ticket is back), by series id.
 */
export async function loadTickets(seriesIds: readonly number[]): Promise<ReadonlyMap<number, FreetimeTicket>> {
  const accessToken = (await getStoredSession())?.accessToken;
  if (!accessToken || seriesIds.length === 0) return new Map();
  const list = await apiCall({
    baseUrl: apiBaseUrl(),
    brand: await getRequestBrand(),
    method: 'GET',
    path: '/freetime/tickets',
    query: { seriesIds: [...new Set(seriesIds)].join(',') },
    schema: FreetimeTicketList,
    accessToken,
  });
  return new Map(list.map((ticket) => [ticket.seriesId, ticket]));
}
