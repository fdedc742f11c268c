import { AdminBannerList, AdminHomeTabs, AdminPickList, AdminSeriesPage } from '@balcony/contracts';
import type { Metadata } from 'next';
import { BannerManager } from '@/components/home/BannerManager';
import { HomePreview } from '@/components/home/HomePreview';
import { PickManager } from '@/components/home/PickManager';
import { TabOrderEditor } from '@/components/home/TabOrderEditor';
import { Forbidden } from '@/components/ui/Forbidden';
import { Tabs } from '@/components/ui/Tabs';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole, may } from '@/lib/console';
import { param, type SearchParams } from '@/lib/search-params';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('HomeScreen'))('title') };
}

const TABS = ['banners', 'picks', 'order', 'preview'] as const;
type Tab = (typeof TABS)[number];
const SERIES_PAGE = 100;

/** Every series the brand shows, for a pick's choices (a brand shows hundreds at most). */
async function seriesOfBrand(brandId: string) {
  const options: { id: number; title: string }[] = [];
  for (let page = 1; page <= 20; page++) {
    const list = await api('/admin/series', AdminSeriesPage, { query: { brandId, page, size: SERIES_PAGE } });
    options.push(...list.items.map((s) => ({ id: s.id, title: s.title })));
    if (page * SERIES_PAGE >= list.total) break;
  }
  return options.sort((a, b) => a.title.localeCompare(b.title));
}

/** The reader web's home, for a last look in a new tab (the first WEB_ORIGIN the console is given). */
function readerHome(): string | null {
  const origin = process.env.WEB_ORIGIN?.split(',')[0]?.trim();
  return origin && /^https?:\/\//.test(origin) ? new URL('/', origin).toString() : null;
}

// Home (CONTENT): the banners, editors' picks and tab order of the brand picked in the header,
// and a preview of its home as its readers get it (decision 0233). Each section is its own URL.
export default async function HomeScreenPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['CONTENT'])) return <Forbidden />;
  const t = await getT('HomeScreen');
  const wanted = param(await searchParams, 'tab');
  const tab: Tab = TABS.find((name) => name === wanted) ?? 'banners';
  return (
    <>
      <h1>{t('title')}</h1>
      <p className={ui.hint}>{t('brandNote', { brand: brand.id })}</p>
      <Tabs
        label={t('sections')}
        items={TABS.map((name) => ({
          href: `/home-screen?tab=${name}`,
          label: t(`tabs.${name}`),
          current: name === tab,
        }))}
      />
      {tab === 'banners' ? (
        <BannerManager
          key={brand.id}
          banners={await api('/admin/banners', AdminBannerList)}
          locale={locale}
          timeZone={brand.timeZone}
        />
      ) : null}
      {tab === 'picks' ? (
        <PickManager
          key={brand.id}
          picks={await api('/admin/picks', AdminPickList)}
          series={await seriesOfBrand(brand.id)}
          locale={locale}
          timeZone={brand.timeZone}
        />
      ) : null}
      {tab === 'order' ? (
        <TabOrderEditor key={brand.id} initial={await api('/admin/home/tabs', AdminHomeTabs)} />
      ) : null}
      {tab === 'preview' ? <HomePreview brand={brand} readerHome={readerHome()} /> : null}
    </>
  );
}
