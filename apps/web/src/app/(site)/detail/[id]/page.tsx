import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ErrorScreen } from '@/components/errors/ErrorScreen';
import { EpisodeList } from '@/components/series/EpisodeList';
import { SeriesOverview } from '@/components/series/SeriesOverview';
import { getT } from '@/i18n/server';
import { fetchSeries } from '@/lib/api';
import { getRequestBrand } from '@/lib/brand';
import { mediaUrl } from '@/lib/media';
import { excerpt, openGraphBase } from '@/lib/metadata';
import { loadPageData } from '@/lib/page-data';
import { parseId } from '@/lib/params';
import { routes } from '@/lib/routes';
import { getStoredSession } from '@/lib/session/server';
import type { WebErrorCode } from '@/lib/web-errors';

type Props = PageProps<'/detail/[id]'>;

/** Spec §8 "Detail" codes a reader can act on (NOT_EXIST is the 404 screen). */
const EXPLAINED: readonly WebErrorCode[] = ['ADULT_ONLY_CONTENTS', 'INVALID_CONTENTS'];

async function loadSeries({ params }: Props) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const brand = await getRequestBrand();
  const session = await getStoredSession();
  return { id, result: await loadPageData(fetchSeries(brand, id, session?.accessToken), EXPLAINED) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { id, result } = await loadSeries(props);
  if (!result.ok) {
    const t = await getT('Errors');
    return { title: t(result.code), robots: { index: false } };
  }
  const series = result.data;
  const brand = await getRequestBrand();
  const description = excerpt(series.synopsis);
  return {
    title: series.title,
    description,
    alternates: { canonical: routes.detail(id) },
    openGraph: {
      ...openGraphBase(brand),
      title: series.title,
      description,
      url: routes.detail(id),
      images: [{ url: mediaUrl(series.coverUrl, 1200), alt: series.title }],
    },
  };
}

export default async function DetailPage(props: Props) {
  const { id, result } = await loadSeries(props);
  if (!result.ok) return <ErrorScreen code={result.code} returnPath={routes.detail(id)} />;
  return (
    <>
      <SeriesOverview series={result.data} />
      <EpisodeList series={result.data} />
    </>
  );
}
