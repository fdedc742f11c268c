import 'server-only';
import { type BrandConfig, dateTimeFormat, formatDate, MaintenanceState, TransferStatus } from '@balcony/contracts';
import { headers } from 'next/headers';
import { apiCall } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { getRequestBrand } from '../brand/brand';
import { relayedClientOf } from '../session/client-address';
import { getStoredSession } from '../session/server';

// The account transfer's pages (spec §2 /transfer/*) and /prepare read the api here.

/** GET /transfer, with the member's token when there is a session (the period alone for a visitor). */
export async function loadTransferStatus(): Promise<TransferStatus> {
  const session = await getStoredSession();
  return apiCall({
    baseUrl: apiBaseUrl(),
    brand: await getRequestBrand(),
    method: 'GET',
    path: '/transfer',
    schema: TransferStatus,
    accessToken: session?.accessToken,
    client: relayedClientOf(await headers()),
  });
}

/** GET /maintenance: the brand's maintenance and its expected end. */
export async function loadMaintenance(): Promise<MaintenanceState> {
  return apiCall({
    baseUrl: apiBaseUrl(),
    brand: await getRequestBrand(),
    method: 'GET',
    path: '/maintenance',
    schema: MaintenanceState,
    client: relayedClientOf(await headers()),
  });
}

/** "30.11.2025 23:59": the brand's date format and the time, in the brand's zone. */
export function formatDateTime(brand: BrandConfig, at: string): string {
  const time = dateTimeFormat(brand.locale, {
    timeZone: brand.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
  return `${formatDate(brand, at)} ${time}`;
}
