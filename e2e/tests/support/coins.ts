import { expect } from '@playwright/test';
import { api, type Member } from './member';

// Coins for journeys that need them first: the shop's products as the api lists them, and a
// charge made straight through the api and the sandbox provider (the checkout page has its own
// journey in shop.spec.ts).

export interface Product {
  id: number;
  coins: number;
  bonusCoins: number;
  freeCoins: number;
  soldOut: boolean;
  remainingForMe: number | null;
}

export interface Order {
  id: number;
  status: string;
  checkoutUrl: string | null;
}

export const totalCoins = (product: Product) => product.coins + product.bonusCoins + product.freeCoins;

/** The product giving the most coins that this member may buy now. */
export async function biggestProduct(member: Member): Promise<Product> {
  const shop = await api<{ products: Product[] }>('GET', '/shop/products?channel=WEB', { token: member.accessToken });
  const open = shop.products.filter((p) => !p.soldOut && (p.remainingForMe === null || p.remainingForMe > 0));
  const best = open.sort((a, b) => totalCoins(b) - totalCoins(a))[0];
  if (!best) throw new Error('the seeded shop sells no coin product on the web');
  return best;
}

/** Charges a product for the member straight through the api and the sandbox provider; answers the paid order. */
export async function chargeOverHttp(member: Member, product: Product): Promise<Order> {
  const order = await api<Order>('POST', '/shop/orders', {
    token: member.accessToken,
    body: {
      productId: product.id,
      paymentMethod: 'SANDBOX',
      agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
      channel: 'WEB',
      idempotencyKey: `e2e-${member.userId}-${Date.now()}`,
    },
  });
  const paid = await api<Order>('POST', `/shop/orders/${order.id}/sandbox`, {
    token: member.accessToken,
    body: { outcome: 'SUCCESS' },
  });
  expect(paid.status).toBe('PAID');
  return paid;
}

export interface PaidEpisode {
  id: number;
  number: number;
  title: string;
  buyPrice: number;
  saleType: 'BOTH' | 'RENT_ONLY' | 'POSSESSION_ONLY';
  access: { state: string };
}

/** A paid episode of a ranked, non-adult series that the member can buy with `coins`. */
export async function episodeToBuy(member: Member, coins: number) {
  const ranking = await api<{ items: { id: number; isAdult: boolean }[] }>('GET', '/contents/home/RANKING', {
    token: member.accessToken,
  });
  for (const card of ranking.items.filter((item) => !item.isAdult)) {
    const series = await api<{ id: number; title: string; episodes: PaidEpisode[] }>('GET', `/contents/${card.id}`, {
      token: member.accessToken,
    });
    const episode = series.episodes.find(
      (e) => e.access.state === 'PAID' && e.saleType !== 'RENT_ONLY' && e.buyPrice > 0 && e.buyPrice <= coins,
    );
    if (episode) return { series, episode };
  }
  throw new Error('no seeded series has a paid episode to buy');
}
