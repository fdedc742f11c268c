import { describe, expect, it } from 'vitest';
import { priceOffers } from './catalog.js';

describe('priceOffers', () => {
  const episode = { rentPrice: 2, buyPrice: 4 };
  it('offers rent and buy, or only the one the sale type allows', () => {
    expect(priceOffers({ ...episode, saleType: 'BOTH' })).toEqual({ rent: 2, buy: 4 });
    expect(priceOffers({ ...episode, saleType: 'RENT_ONLY' })).toEqual({ rent: 2, buy: null });
    expect(priceOffers({ ...episode, saleType: 'POSSESSION_ONLY' })).toEqual({ rent: null, buy: 4 });
  });
});
