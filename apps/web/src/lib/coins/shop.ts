import type { CoinProduct, Layout, ShopAgreement } from '@balcony/contracts';
import { sameSitePath } from '../session/redirects';

// Pure rules of the coin shop (spec §3 shop items, §5 "all required agreement boxes checked"):
// how a product is laid out, which price it is paid at, whether it can be bought, whether the pay
// button may be pressed, and where a reader goes back to after paying.

/** What a product tile shows, in order: the coin icon and / or the coin amount text (spec §3 layouts). */
export function layoutParts(layout: Layout): readonly ('icon' | 'text')[] {
  switch (layout) {
    case 'ONLY_ICON':
      return ['icon'];
    case 'ONLY_TEXT':
      return ['text'];
    case 'ICON_TEXT':
      return ['icon', 'text'];
    case 'TEXT_ICON':
      return ['text', 'icon'];
  }
}

/** The price paid, and the original price struck through while a sale runs (null without one). */
export function productPrices(product: Pick<CoinProduct, 'price' | 'salePrice'>): {
  pay: number;
  original: number | null;
} {
  const onSale = product.salePrice !== null && product.salePrice < product.price;
  return onSale && product.salePrice !== null
    ? { pay: product.salePrice, original: product.price }
    : { pay: product.price, original: null };
}

export type ProductAvailability = 'available' | 'soldOut' | 'limitReached';

/** Sold out for everyone (LIMITED_COIN_PRODUCT) or for this member (LIMITED_COIN_PRODUCT_USER). */
export function productAvailability(product: Pick<CoinProduct, 'soldOut' | 'remainingForMe'>): ProductAvailability {
  if (product.soldOut) return 'soldOut';
  if (product.remainingForMe !== null && product.remainingForMe <= 0) return 'limitReached';
  return 'available';
}

/** Every coin a product gives: paid coins, bonus coins and free coins. */
export function productTotalCoins(product: Pick<CoinProduct, 'coins' | 'bonusCoins' | 'freeCoins'>): number {
  return product.coins + product.bonusCoins + product.freeCoins;
}

/** The pay button works once a product and a method are chosen and every required box is ticked. */
export function canPay(input: {
  productId: number | null;
  paymentMethod: string | null;
  required: readonly ShopAgreement[];
  ticked: ReadonlySet<ShopAgreement>;
}): boolean {
  return (
    input.productId !== null && input.paymentMethod !== null && input.required.every((item) => input.ticked.has(item))
  );
}

/**
 * The `return` query value of /shop as a path to come back to after paying (e.g. /viewer/123):
 * a path of this site starting with one `/`, never the shop itself (which would loop), else null.
 */
export function shopReturnPath(raw: string | readonly string[] | undefined): string | null {
  const value = typeof raw === 'string' ? raw : raw?.[0];
  if (!value || value.length > 512) return null;
  const path = sameSitePath(value);
  if (!path || path === '/shop' || path.startsWith('/shop/') || path.startsWith('/shop?')) return null;
  return path;
}
