import { EpisodeOffer, ReadingPosition, ViewerResponse } from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';
import { progressPath } from './progress-client';

// The viewer's calls through the front proxy, each answer checked against its contract. Loaded on
// first use (a save, a refresh of the signed pages, a locked episode's offer), so the answers'
// schemas and zod stay out of the viewer's first JavaScript.

/** What opening a locked episode takes for the member (GET /episodes/{id}/offer). */
export function fetchEpisodeOffer(episodeId: number): Promise<EpisodeOffer> {
  return frontFetch(`/episodes/${episodeId}/offer`, EpisodeOffer);
}

/** The episode's pages again, with freshly signed addresses (GET /episodes/{id}/viewer). */
export function fetchViewer(episodeId: number): Promise<ViewerResponse> {
  return frontFetch(`/episodes/${episodeId}/viewer`, ViewerResponse);
}

/** Keeps the member's reading position (PUT /episodes/{id}/progress). */
export function putProgress(episodeId: number, position: ReadingPosition): Promise<ReadingPosition> {
  return frontFetch(progressPath(episodeId), ReadingPosition, { method: 'PUT', body: position });
}
