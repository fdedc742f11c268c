import { FavoriteState } from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The favourite call, loaded when the reader first presses the heart: its answer's schema (and zod
// with it) stays out of the series page's JavaScript, as the purchase calls do (coin-calls.ts).

/** Makes the series a favourite or not; answers the state the api keeps. */
export function saveFavorite(seriesId: number, favorite: boolean): Promise<FavoriteState> {
  return frontFetch(`/favorites/${seriesId}`, FavoriteState, { method: favorite ? 'PUT' : 'DELETE' });
}
