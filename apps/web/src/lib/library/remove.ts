import type { LibraryTab } from '../routes';

// Removing an entry from a library list: each list has its own api call (the favourite one is the
// same call as the detail page's heart).

/** The api path (under the front proxy) that takes `seriesId` off the list of `tab`. */
export function removePath(tab: LibraryTab, seriesId: number): string {
  switch (tab) {
    case 'my':
      return `/library/my/${seriesId}`;
    case 'favorite':
      return `/favorites/${seriesId}`;
    case 'recent':
      return `/library/recent/${seriesId}`;
  }
}

/** The screen's heading, where focus goes when the last entry of a page is removed. */
export const LIBRARY_HEADING_ID = 'library-heading';

/** The id of an entry's title, which describes its remove button ("Remove" — which one). */
export function entryTitleId(seriesId: number): string {
  return `library-entry-${seriesId}`;
}
