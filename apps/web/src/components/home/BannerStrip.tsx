import type { Banner } from '@balcony/contracts';
import Link from 'next/link';
import { MediaImage } from '@/components/ui/MediaImage';
import { getT } from '@/i18n/server';
import { safeHref } from '@/lib/navigation/safe-href';
import { BannerCarousel } from './BannerCarousel';

/** A banner's picture, linking where the banner points (nowhere when its link is unsafe). */
function BannerSlide({ banner, priority }: { banner: Banner; priority: boolean }) {
  const href = safeHref(banner.linkUrl);
  const image = <MediaImage path={banner.imageUrl} slot="banner" alt={banner.title} priority={priority} />;
  if (href === null) return image;
  return href.startsWith('/') ? <Link href={href}>{image}</Link> : <a href={href}>{image}</a>;
}

/**
 * The main page's banners. The slides are rendered here on the server; the carousel only moves
 * them (auto-slide, swipe, buttons), so its script stays small.
 */
export async function BannerStrip({ banners }: { banners: readonly Banner[] }) {
  if (banners.length === 0) return null;
  const t = await getT('Home');
  // The first banner is the main page's largest image.
  const slides = banners.map((banner, index) => ({
    key: banner.id,
    content: <BannerSlide key={banner.id} banner={banner} priority={index === 0} />,
  }));
  return (
    <BannerCarousel
      slides={slides}
      labels={{
        region: t('bannersLabel'),
        carousel: t('carousel'),
        slide: t('slide'),
        slideNames: banners.map((_, index) => t('bannerSlide', { index: index + 1, count: banners.length })),
        previous: t('previousBanner'),
        next: t('nextBanner'),
        pause: t('pauseBanners'),
        play: t('playBanners'),
      }}
    />
  );
}
