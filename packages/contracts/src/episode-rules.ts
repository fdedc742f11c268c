import type { EpisodeAccess, SaleType } from './catalog.js';

// What an episode offers and whether it is readable: pure and free of schemas, so the browser's
// series and viewer components import them (`@balcony/contracts/plain`) without zod.

/** Readable now without spending coins or a ticket. */
export function isReadable(access: EpisodeAccess): boolean {
  return (
    access.state === 'FREE' ||
    access.state === 'OWNED' ||
    access.state === 'RENTED' ||
    access.state === 'FREETIME_UNLOCKED'
  );
}

/** The coin prices an episode is offered at: rental and purchase, null where its sale type excludes one. */
export function priceOffers(episode: { saleType: SaleType; rentPrice: number; buyPrice: number }): {
  rent: number | null;
  buy: number | null;
} {
  return {
    rent: episode.saleType === 'POSSESSION_ONLY' ? null : episode.rentPrice,
    buy: episode.saleType === 'RENT_ONLY' ? null : episode.buyPrice,
  };
}
