import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ErrorScreen } from '@/components/errors/ErrorScreen';
import { EpisodeList } from '@/components/series/EpisodeList';
import { SeriesIntl } from '@/components/series/SeriesIntl';
import { SeriesOverview } from '@/components/series/SeriesOverview';
import { SeriesViewProvider } from '@/components/series/SeriesView';
import { LatestNotices } from '@/components/support/LatestNotices';
import { getT } from '@/i18n/server';
import { fetchSeries } from '@/lib/api/api';
import { loadPageData } from '@/lib/api/page-data';
import { getRequestBrand } from '@/lib/brand/brand';
import type { CatalogueMessageCode } from '@/lib/errors/error-codes';
import { mediaUrl } from '@/lib/media/media';
import { parseId } from '@/lib/navigation/params';
import { routes } from '@/lib/navigation/routes';
import { excerpt, pageMetadata } from '@/lib/seo/metadata';
import { catalogueToken, isShellPage } from '@/lib/session/server';

type Props = PageProps<'/detail/[id]'>;

/** Spec §8 "Detail" codes a reader can act on (NOT_EXIST is the 404 screen). */
const EXPLAINED: readonly CatalogueMessageCode[] = ['ADULT_ONLY_CONTENTS', 'INVALID_CONTENTS'];

/** The cover rendition link previews show (Open Graph asks for about 1200 px). */
const PREVIEW_WIDTH = 1200;

async function loadSeries({ params }: Props) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const brand = await getRequestBrand();
  // The member's token: their favourite, progress, rentals and adult settings (spec §4); none in
  // a member's page kept as their class's shell, whose member parts the browser asks for.
  return { id, result: await loadPageData(fetchSeries(brand, id, await catalogueToken()), EXPLAINED) };
}

/** `?episode={id}`: the episode to scroll to and highlight (the viewer's binge-read confirmation). */
async function focusedEpisode({ searchParams }: Props): Promise<number | null> {
  const episode = (await searchParams).episode;
  return typeof episode === 'string' ? parseId(episode) : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { id, result } = await loadSeries(props);
  if (!result.ok) {
    const t = await getT('Errors');
    return { title: t(result.code), robots: { index: false } };
  }
  const series = result.data;
  return pageMetadata(await getRequestBrand(), {
    title: series.title,
    description: excerpt(series.synopsis),
    path: routes.detail(id),
    image: { url: mediaUrl(series.coverUrl, PREVIEW_WIDTH), alt: series.title },
    type: 'book',
    // Adult series stay out of search engines (they are absent from the sitemap too).
    noIndex: series.isAdult,
  });
}

export default async function DetailPage(props: Props) {
  const { id, result } = await loadSeries(props);
  if (!result.ok) return <ErrorScreen code={result.code} returnPath={routes.detail(id)} />;
  return (
    <SeriesIntl>
      <SeriesViewProvider series={result.data} shell={await isShellPage()} renderedAt={Date.now()}>
        <SeriesOverview series={result.data} />
        <LatestNotices />
        <EpisodeList
          series={result.data}
          focusId={await focusedEpisode(props)}
          openPurchase={(await props.searchParams).purchase === '1'}
        />
      </SeriesViewProvider>
    </SeriesIntl>
  );
}
