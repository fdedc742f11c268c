import { FavoriteState, Removed } from '@balcony/contracts';
import type { z } from 'zod';
import type { LibraryTab } from '../navigation/routes';

// Removing an entry from a library list: each list has its own api call (the favourite one is the
// same call as the detail page's heart).

/** The api call (under the front proxy, method DELETE) that takes `seriesId` off the list of `tab`, and its answer. */
export function removeCall(tab: LibraryTab, seriesId: number): { path: string; answer: z.ZodType<unknown> } {
  switch (tab) {
    case 'my':
      return { path: `/library/my/${seriesId}`, answer: Removed };
    case 'favorite':
      return { path: `/favorites/${seriesId}`, answer: FavoriteState };
    case 'recent':
      return { path: `/library/recent/${seriesId}`, answer: Removed };
  }
}

/** The screen's heading, where focus goes when the last entry of a page is removed. */
export const LIBRARY_HEADING_ID = 'library-heading';

/** The id of an entry's title, which describes its remove button ("Remove" — which one). */
export function entryTitleId(seriesId: number): string {
  return `library-entry-${seriesId}`;
}
