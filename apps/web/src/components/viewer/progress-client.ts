import type { ReadingPosition } from '@balcony/contracts';
import { sessionFetch } from '@/components/session/client';

// A member's reading position goes to the api through the front proxy (PUT
// /episodes/{id}/progress). When the page is going away, the request must outlive it: a keepalive
// fetch carrying the CSRF token fetched beforehand, since nothing can be awaited any more.

/** Where a reading position is kept (PUT), for the keepalive here and the call in viewer-calls.ts. */
export const progressPath = (episodeId: number) => `/episodes/${episodeId}/progress`;

/** Losing one save only moves the resume point back a little, so failures are not shown. */
export function saveProgress(episodeId: number, position: ReadingPosition): void {
  import('./viewer-calls').then(({ putProgress }) => putProgress(episodeId, position)).catch(() => {});
}

export function saveProgressOnLeave(episodeId: number, position: ReadingPosition, csrfToken: string): void {
  sessionFetch(`/api/front${progressPath(episodeId)}`, {
    method: 'PUT',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify(position),
  }).catch(() => {});
}
