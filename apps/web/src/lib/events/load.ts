import 'server-only';
import { type BrandConfig, EventDetail, EventList } from '@balcony/contracts';
import { headers } from 'next/headers';
import { cache } from 'react';
import { apiCall } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { relayedClientOf } from '../session/client-address';
import { getStoredSession } from '../session/server';

// The event pages' reads (spec §2 /event, /roulette, /benefit). Visitors see the events; a
// member's read carries their token, so their stamps, tickets, spins and reaction come with it.

/** GET /events: the brand's events running now. */
export const fetchEvents = cache(
  async (brand: BrandConfig): Promise<EventList> =>
    apiCall({
      baseUrl: apiBaseUrl(),
      brand,
      method: 'GET',
      path: '/events',
      schema: EventList,
      client: relayedClientOf(await headers()),
    }),
);

/** The running events with their details, as the caller (member or visitor) sees them. */
export const fetchEventDetails = cache(
  async (brand: BrandConfig): Promise<{ details: EventDetail[]; member: boolean }> => {
    const [{ events }, session, requestHeaders] = await Promise.all([
      fetchEvents(brand),
      getStoredSession(),
      headers(),
    ]);
    const details = await Promise.all(
      events.map((event) =>
        apiCall({
          baseUrl: apiBaseUrl(),
          brand,
          method: 'GET',
          path: `/events/${event.id}`,
          schema: EventDetail,
          accessToken: session?.accessToken,
          client: relayedClientOf(requestHeaders),
        }),
      ),
    );
    return { details, member: session !== null };
  },
);
