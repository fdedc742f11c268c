import type { EpisodeLink } from '@balcony/contracts';
import { isReadable, priceOffers } from '@balcony/contracts/plain';

// The binge-read confirmation (spec §2 viewer): moving on to an episode the reader cannot open yet
// first says what opening it takes. Purchases happen on the series page.

export type BingeNotice =
  /** Coins: the rental and the purchase price the episode is sold at (null when not offered). */
  | { kind: 'price'; rent: number | null; buy: number | null }
  /** A wait-until-free ticket can unlock it now. */
  | { kind: 'freetimeReady' }
  /** The ticket is back at `ticketAt`. */
  | { kind: 'freetimeWait'; ticketAt: string };

/** What moving to `episode` needs confirming, or null when it opens straight away. */
export function bingeNotice(episode: EpisodeLink): BingeNotice | null {
  const { access } = episode;
  if (isReadable(access)) return null;
  if (access.state === 'FREETIME_READY') return { kind: 'freetimeReady' };
  if (access.state === 'FREETIME_WAIT' && access.ticketAt !== null)
    return { kind: 'freetimeWait', ticketAt: access.ticketAt };
  return { kind: 'price', ...priceOffers(episode) };
}

/** "12:03:10": hours (as many as needed), minutes and seconds left, rounded up to the second. */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}
