import { FreeContentSort, type HomeTab, ScheduleKey } from '@balcony/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HomeTabs } from '@/components/home/HomeTabs';
import { SeriesGrid } from '@/components/home/SeriesGrid';
import { SortBar } from '@/components/home/SortBar';
import { WeekdayCalendar } from '@/components/home/WeekdayCalendar';
import { longWeekdayNames } from '@/i18n/dates';
import { getT } from '@/i18n/server';
import { fetchHomeTab } from '@/lib/api/api';
import { getRequestBrand } from '@/lib/brand/brand';
import { HOME_TAB_OF_SLUG, isSeriesTabSlug, routes, type SeriesTabSlug } from '@/lib/navigation/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { catalogueToken } from '@/lib/session/server';

type Props = PageProps<'/home/[tab]'>;

/** What a /home/{slug} URL asks the api for: a weekday (or TEN) on weekly, a sort on free. */
type TabView =
  | { slug: 'weekly'; day: ScheduleKey | undefined }
  | { slug: 'free'; sort: FreeContentSort }
  | { slug: Exclude<SeriesTabSlug, 'weekly' | 'free'> };

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function tabView({ params, searchParams }: Props): Promise<TabView> {
  const { tab } = await params;
  // /home/pick has its own page; only the series tabs come here.
  if (!isSeriesTabSlug(tab)) notFound();
  const query = await searchParams;
  if (tab === 'weekly') return { slug: tab, day: ScheduleKey.safeParse(single(query.day)).data };
  if (tab === 'free') return { slug: tab, sort: FreeContentSort.safeParse(single(query.sort)).data ?? 'POPULAR' };
  return { slug: tab };
}

function apiTab(view: TabView): HomeTab {
  if (view.slug === 'weekly') return view.day ?? 'WEEKLY';
  if (view.slug === 'free') return 'FREE';
  return HOME_TAB_OF_SLUG[view.slug];
}

function pathOf(view: TabView): string {
  if (view.slug === 'weekly' && view.day) return routes.weeklyDay(view.day);
  if (view.slug === 'free') return routes.freeSorted(view.sort);
  return routes.homeTab(view.slug);
}

async function dayHeading(day: ScheduleKey): Promise<string> {
  const t = await getT('Home');
  const brand = await getRequestBrand();
  return day === 'TEN' ? t('tenHeading') : t('dayHeading', { day: longWeekdayNames(brand.locale)[day] });
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const view = await tabView(props);
  const brand = await getRequestBrand();
  const t = await getT('Home');
  const tMeta = await getT('Meta');
  const title = view.slug === 'weekly' && view.day ? await dayHeading(view.day) : t(`tabs.${view.slug}`);
  return pageMetadata(brand, {
    title,
    description: tMeta('tabDescription', { tab: title, product: brand.product }),
    path: pathOf(view),
  });
}

export default async function HomeTabPage(props: Props) {
  const view = await tabView(props);
  const brand = await getRequestBrand();
  const t = await getT('Home');
  const token = await catalogueToken();
  const data = await fetchHomeTab(brand, apiTab(view), view.slug === 'free' ? view.sort : undefined, token);
  const day = view.slug === 'weekly' ? (view.day ?? data.today) : undefined;
  return (
    <>
      <HomeTabs current={view.slug} />
      <h1 className="visually-hidden">{day ? await dayHeading(day) : t(`tabs.${view.slug}`)}</h1>
      {day && <WeekdayCalendar selected={day} today={data.today} />}
      {view.slug === 'free' && <SortBar selected={view.sort} />}
      <SeriesGrid
        items={data.items}
        adultHidden={data.adultHidden}
        returnPath={pathOf(view)}
        showRank={view.slug === 'ranking'}
        showFreeCount={view.slug === 'free'}
        priorityFirst
      />
    </>
  );
}
