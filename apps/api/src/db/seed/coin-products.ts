import {
  BRANDS,
  type DisplayChannel,
  type Layout,
  type Locale,
  PlatformId,
  type ProductMark,
} from '@balcony/contracts';
import type { Db } from '../client.js';
import { coinProducts } from '../schema.js';

// The demo shop: the same seven coin products on every brand, priced in its currency
// (docs/decisions/0141-coin-shop.md). Added when missing, on every start.

interface DemoProduct {
  coins: number;
  bonusCoins: number;
  freeCoins: number;
  marks: ProductMark[];
  layout: Layout;
  percent: number | null;
  firstPurchaseOnly?: boolean;
  limitPerUser?: number;
  limitTotal?: number;
  channels?: DisplayChannel[];
}

const PRODUCTS: readonly DemoProduct[] = [
  { coins: 5, bonusCoins: 0, freeCoins: 0, marks: [], layout: 'ONLY_TEXT', percent: null },
  { coins: 12, bonusCoins: 1, freeCoins: 0, marks: [], layout: 'ICON_TEXT', percent: 8 },
  { coins: 30, bonusCoins: 5, freeCoins: 0, marks: ['HOT'], layout: 'ICON_TEXT', percent: 17 },
  { coins: 65, bonusCoins: 15, freeCoins: 5, marks: ['BEST'], layout: 'TEXT_ICON', percent: 31 },
  { coins: 140, bonusCoins: 40, freeCoins: 0, marks: [], layout: 'ONLY_ICON', percent: 29, limitPerUser: 5 },
  // The first-purchase offer: on sale, once per member.
  {
    coins: 30,
    bonusCoins: 30,
    freeCoins: 0,
    marks: [],
    layout: 'ICON_TEXT',
    percent: 60,
    firstPurchaseOnly: true,
    limitPerUser: 1,
  },
  // A launch pack of limited stock, on the web only.
  {
    coins: 50,
    bonusCoins: 10,
    freeCoins: 0,
    marks: ['NEW'],
    layout: 'ICON_TEXT',
    percent: 20,
    limitTotal: 1000,
    channels: ['WEB'],
  },
];

/** Prices in each currency's minor unit, in the order of PRODUCTS; the first-purchase offer as [sale, list]. */
const PRICES: Record<string, { list: readonly number[]; firstSale: number; firstList: number }> = {
  EUR: { list: [99, 199, 499, 999, 1999, 0, 799], firstSale: 199, firstList: 499 },
  TWD: { list: [30, 60, 150, 300, 600, 0, 250], firstSale: 60, firstList: 150 },
  THB: { list: [3500, 6900, 17500, 35000, 69000, 0, 27900], firstSale: 6900, firstList: 17500 },
  JPY: { list: [160, 320, 800, 1600, 3200, 0, 1300], firstSale: 320, firstList: 800 },
};

const COINS_WORD: Record<Locale, (n: number) => string> = {
  en: (n) => `${n} coins`,
  fr: (n) => `${n} pièces`,
  de: (n) => `${n} Münzen`,
  ja: (n) => `${n}コイン`,
  th: (n) => `${n} เหรียญ`,
  'zh-TW': (n) => `${n} 代幣`,
};

export async function seedCoinProducts(db: Db): Promise<void> {
  const rows = PlatformId.options.flatMap((brandId) => {
    const brand = BRANDS[brandId];
    const prices = PRICES[brand.currency];
    if (!prices) throw new Error(`no demo prices in ${brand.currency}`);
    const name = COINS_WORD[brand.locale];
    return PRODUCTS.map((p, i) => ({
      brandId,
      channels: p.channels ?? (['WEB', 'APP', 'VIEWER_APP'] as DisplayChannel[]),
      name: p.firstPurchaseOnly ? `${name(p.coins + p.bonusCoins)} ★` : name(p.coins),
      coins: p.coins,
      bonusCoins: p.bonusCoins,
      freeCoins: p.freeCoins,
      price: p.firstPurchaseOnly ? prices.firstList : (prices.list[i] ?? 0),
      salePrice: p.firstPurchaseOnly ? prices.firstSale : null,
      percent: p.percent,
      marks: p.marks,
      layout: p.layout,
      firstPurchaseOnly: p.firstPurchaseOnly ?? false,
      limitPerUser: p.limitPerUser ?? null,
      limitTotal: p.limitTotal ?? null,
      sortOrder: p.firstPurchaseOnly ? 0 : i + 1,
    }));
  });
  await db.insert(coinProducts).values(rows).onConflictDoNothing();
}
