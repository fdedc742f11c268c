import { BRANDS, type BrandConfig, PlatformId } from '@balcony/contracts';

/** The brands an admin may act in: those named, or all nine when none is named. */
export function brandsFor(brandIds: readonly string[]): BrandConfig[] {
  const all = PlatformId.options.map((id) => BRANDS[id]);
  return brandIds.length === 0 ? all : all.filter((brand) => brandIds.includes(brand.id));
}

/**
 * The brand the console acts in: the one the admin picked (cookie) when they may use it, else the
 * first they may use; null for an admin limited to brands that no longer exist.
 */
export function pickBrand(chosen: string | undefined, brandIds: readonly string[]): BrandConfig | null {
  const allowed = brandsFor(brandIds);
  return allowed.find((brand) => brand.id === chosen) ?? allowed[0] ?? null;
}
