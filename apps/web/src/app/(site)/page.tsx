import type { Banner, BrandConfig } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdultHiddenNotice } from '@/components/home/AdultHiddenNotice';
import { BannerStrip } from '@/components/home/BannerStrip';
import { HomeSection } from '@/components/home/HomeSection';
import { HomeTabs } from '@/components/home/HomeTabs';
import { SeriesGrid } from '@/components/home/SeriesGrid';
import { SeriesRow } from '@/components/home/SeriesRow';
import { longWeekdayNames } from '@/i18n/dates';
import { getT } from '@/i18n/server';
import { fetchBanners, fetchHomeTab } from '@/lib/api/api';
import { getRequestBrand } from '@/lib/brand/brand';
import { mediaUrl } from '@/lib/media/media';
import { routes } from '@/lib/navigation/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { catalogueToken } from '@/lib/session/server';

/** The main page shows the head of the ranking and of the new series; their tabs have the rest. */
const PREVIEW_COUNT = 10;

/** Banners are decoration: when they fail the main page still shows today's series. */
async function bannersOrNone(brand: BrandConfig): Promise<readonly Banner[]> {
  try {
    return await fetchBanners(brand);
  } catch (error) {
    console.error('banners unavailable', error);
    return [];
  }
}

export async function generateMetadata(): Promise<Metadata> {
  const brand = await getRequestBrand();
  const t = await getT('Meta');
  const banner = (await bannersOrNone(brand))[0];
  return pageMetadata(brand, {
    title: { absolute: `${brand.product} · ${t('homeTitle')}` },
    description: t('description', { product: brand.product }),
    path: routes.home,
    image: banner && { url: mediaUrl(banner.imageUrl, 1200), alt: banner.title },
  });
}

export default async function MainPage() {
  const brand = await getRequestBrand();
  const t = await getT('Home');
  const tMeta = await getT('Meta');
  const token = await catalogueToken();
  const [banners, weekly, ranking, newest] = await Promise.all([
    bannersOrNone(brand),
    fetchHomeTab(brand, 'WEEKLY', undefined, token),
    fetchHomeTab(brand, 'RANKING', undefined, token),
    fetchHomeTab(brand, 'NEWEST', undefined, token),
  ]);
  // One discreet adult check at the end of the page rather than one per section.
  const adultHidden = weekly.adultHidden || ranking.adultHidden || newest.adultHidden;
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
          adultHidden={false}
          returnPath={routes.home}
          priorityFirst={banners.length === 0}
        />
      </HomeSection>
      {ranking.items.length > 0 && (
        <HomeSection
          id="ranking"
          title={t('rankingHeading')}
          link={<Link href={routes.homeTab('ranking')}>{t('seeRanking')}</Link>}
        >
          <SeriesRow items={ranking.items.slice(0, PREVIEW_COUNT)} showRank />
        </HomeSection>
      )}
      {newest.items.length > 0 && (
        <HomeSection id="newest" title={t('newestHeading')}>
          <SeriesRow items={newest.items.slice(0, PREVIEW_COUNT)} />
        </HomeSection>
      )}
      {adultHidden && <AdultHiddenNotice returnPath={routes.home} />}
    </>
  );
}
