import type { Banner, BrandConfig } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { BannerStrip } from '@/components/home/BannerStrip';
import { HomeSection } from '@/components/home/HomeSection';
import { HomeTabs } from '@/components/home/HomeTabs';
import { SeriesGrid } from '@/components/home/SeriesGrid';
import { getT } from '@/i18n/server';
import { fetchBanners, fetchHomeTab } from '@/lib/api';
import { getRequestBrand } from '@/lib/brand';
import { longWeekdayNames } from '@/lib/dates';
import { routes } from '@/lib/routes';

export const metadata: Metadata = { alternates: { canonical: routes.home } };

/** Banners are decoration: when they fail the main page still shows today's series. */
async function bannersOrNone(brand: BrandConfig): Promise<readonly Banner[]> {
  try {
    return await fetchBanners(brand);
  } catch (error) {
    console.error('banners unavailable', error);
    return [];
  }
}

export default async function MainPage() {
  const brand = await getRequestBrand();
  const t = await getT('Home');
  const tMeta = await getT('Meta');
  const [banners, weekly] = await Promise.all([bannersOrNone(brand), fetchHomeTab(brand, 'WEEKLY')]);
  return (
    <>
      <h1 className="visually-hidden">
        {brand.product} · {tMeta('homeTitle')}
      </h1>
      <HomeTabs />
      <BannerStrip banners={banners} />
      <HomeSection
        id="today"
        title={t('todayHeading', { weekday: longWeekdayNames(brand.locale)[weekly.today] })}
        link={<Link href={routes.homeTab('weekly')}>{t('seeWeek')}</Link>}
      >
        <SeriesGrid
          items={weekly.items}
          adultHidden={weekly.adultHidden}
          returnPath={routes.home}
          priorityFirst={banners.length === 0}
        />
      </HomeSection>
    </>
  );
}
