import type { Banner } from '@balcony/contracts';
import Link from 'next/link';
import { MediaImage } from '@/components/MediaImage';
import { getT } from '@/i18n/server';
import { safeHref } from '@/lib/safe-href';
import styles from './BannerStrip.module.css';

/** The main page's banners as a swipeable strip of links (the auto-slide comes later). */
export async function BannerStrip({ banners }: { banners: readonly Banner[] }) {
  if (banners.length === 0) return null;
  const t = await getT('Home');
  return (
    <section aria-label={t('bannersLabel')} className={styles.strip}>
      <ul>
        {banners.map((banner, index) => {
          const href = safeHref(banner.linkUrl);
          const image = <MediaImage path={banner.imageUrl} slot="banner" alt={banner.title} priority={index === 0} />;
          return (
            <li key={banner.id}>
              {href === null ? (
                image
              ) : href.startsWith('/') ? (
                <Link href={href}>{image}</Link>
              ) : (
                <a href={href}>{image}</a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
