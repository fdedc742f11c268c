import { GiftCount, GiftsReceived } from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The browser's gift calls through the front proxy, answers checked against their contracts.
// Loaded with import() when a member's header asks for the count or a gift is received, so
// visitors' pages never load this file (nor zod with it).

export async function giftCount(): Promise<number> {
  return (await frontFetch('/gift/count', GiftCount)).count;
}

export function receiveGift(giftId: number): Promise<GiftsReceived> {
  return frontFetch(`/gift/${giftId}/receive`, GiftsReceived, { method: 'POST', body: {} });
}

export function receiveAllGifts(): Promise<GiftsReceived> {
  return frontFetch('/gift/receive-all', GiftsReceived, { method: 'POST', body: {} });
}
