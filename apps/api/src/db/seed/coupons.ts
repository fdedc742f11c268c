import { BRANDS, type PlatformId, PlatformId as PlatformIds } from '@balcony/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { codeHash } from '../../modules/coupons/rules.js';
import type { Db } from '../client.js';
import { couponCodes, coupons, episodes, seriesBrands } from '../schema.js';

// Demo coupons (decision 0160): three shared codes per brand, each usable once by every member,
// so that a reader of the demo can try each kind: coins, a discount in the shop, and a rental
// ticket. Idempotent: a coupon whose code is already stored is left as it is.

/** The minimum charge of the demo discount: the 30-coin product's price in each currency. */
const DISCOUNT_MINIMUM: Record<string, number> = { EUR: 499, TWD: 150, THB: 17500, JPY: 800 };

/** The demo codes of a brand, e.g. COINS10-DELITOONBFR. */
export function demoCouponCodes(brandId: PlatformId) {
  const suffix = brandId.replaceAll('-', '').toUpperCase();
  return { coins: `COINS10-${suffix}`, discount: `SAVE20-${suffix}`, rental: `RENT1-${suffix}` };
}

/** The first paid episode of the brand's most read series, for the rental ticket. */
async function ticketEpisode(db: Db, brandId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: episodes.id })
    .from(episodes)
    .innerJoin(seriesBrands, and(eq(seriesBrands.seriesId, episodes.seriesId), eq(seriesBrands.brandId, brandId)))
    .where(eq(episodes.isFree, false))
    .orderBy(desc(seriesBrands.viewCount), asc(episodes.seriesId), asc(episodes.number))
    .limit(1);
  return row?.id ?? null;
}

export async function seedDemoCoupons(db: Db): Promise<void> {
  for (const brandId of PlatformIds.options) {
    const brand = BRANDS[brandId];
    const codes = demoCouponCodes(brandId);
    const episodeId = await ticketEpisode(db, brandId);
    const wanted = [
      { code: codes.coins, name: '10 bonus coins', kind: 'COIN' as const, coinType: 'BONUS' as const, coins: 10 },
      {
        code: codes.discount,
        name: '20 % off a charge',
        kind: 'DISCOUNT' as const,
        discountPercent: 20,
        minimumAmount: DISCOUNT_MINIMUM[brand.currency] ?? 0,
        usableDays: 30,
      },
      ...(episodeId === null
        ? []
        : [{ code: codes.rental, name: 'A free rental', kind: 'EPISODE_RENT' as const, episodeId }]),
    ];
    const hashes = wanted.map((w) => codeHash(w.code));
    const present = new Set(
      (
        await db
          .select({ codeHash: couponCodes.codeHash })
          .from(couponCodes)
          .where(inArray(couponCodes.codeHash, hashes))
      ).map((r) => r.codeHash),
    );
    for (const { code, ...coupon } of wanted) {
      if (present.has(codeHash(code))) continue;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({ brandId, ...coupon })
          .returning({ id: coupons.id });
        if (!row) throw new Error('demo coupon not inserted');
        await tx.insert(couponCodes).values({ couponId: row.id, codeHash: codeHash(code), maxUses: null });
      });
    }
  }
}
