import { EpisodeOffer } from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

/** What opening a locked episode takes for the member (GET /episodes/{id}/offer), through the front proxy. */
export function fetchEpisodeOffer(episodeId: number): Promise<EpisodeOffer> {
  return frontFetch(`/episodes/${episodeId}/offer`, EpisodeOffer);
}
