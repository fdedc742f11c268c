import { LAZY_MARGIN_PX, type ViewerResponse } from '@balcony/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ErrorScreen } from '@/components/errors/ErrorScreen';
import { SiteChrome } from '@/components/site/SiteChrome';
import { EpisodeNav } from '@/components/viewer/EpisodeNav';
import { type LazyPage, LazyPages } from '@/components/viewer/LazyPages';
import { TextPages } from '@/components/viewer/TextPages';
import styles from '@/components/viewer/Viewer.module.css';
import { ViewerTopBar } from '@/components/viewer/ViewerTopBar';
import { getT } from '@/i18n/server';
import { fetchViewer } from '@/lib/api';
import { getRequestBrand } from '@/lib/brand';
import { IMAGE_SLOTS, imageSources } from '@/lib/media';
import { loadPageData } from '@/lib/page-data';
import { parseId } from '@/lib/params';
import { getSameOriginReferrerPath } from '@/lib/request-origin';
import { routes } from '@/lib/routes';
import type { WebErrorCode } from '@/lib/web-errors';

type Props = PageProps<'/viewer/[id]'>;

/** Spec §8 "Viewer" codes a reader can act on (NOT_FOUND_EPISODE is the 404 screen). */
const EXPLAINED: readonly WebErrorCode[] = ['UNAUTHORIZED_CONTENTS', 'ADULT_ONLY_CONTENTS', 'INVALID_CONTENTS'];

async function loadEpisode({ params }: Props) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const brand = await getRequestBrand();
  return { id, result: await loadPageData(fetchViewer(brand, id), EXPLAINED) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { id, result } = await loadEpisode(props);
  if (!result.ok) {
    const t = await getT('Errors');
    return { title: t(result.code), robots: { index: false } };
  }
  const { series, episode } = result.data;
  return { title: `${episode.title} · ${series.title}`, alternates: { canonical: routes.viewer(id) } };
}

async function imagePages(viewer: ViewerResponse): Promise<LazyPage[]> {
  const t = await getT('Viewer');
  return viewer.pages.flatMap((page, position) =>
    page.kind === 'IMAGE'
      ? [
          {
            index: page.index,
            ...imageSources(page.url, 'page'),
            width: page.width,
            height: page.height,
            alt: t('pageAlt', { number: position + 1 }),
          },
        ]
      : [],
  );
}

export default async function ViewerPage(props: Props) {
  const { id, result } = await loadEpisode(props);
  if (!result.ok) {
    return (
      <SiteChrome>
        <ErrorScreen
          code={result.code}
          returnPath={routes.viewer(id)}
          backHref={(await getSameOriginReferrerPath()) ?? routes.home}
        />
      </SiteChrome>
    );
  }
  const viewer = result.data;
  const textPages = viewer.pages.flatMap((page) => (page.kind === 'TEXT' ? [page] : []));
  return (
    <>
      <ViewerTopBar viewer={viewer} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {viewer.episode.contentKind === 'TEXT' ? (
          <TextPages pages={textPages} />
        ) : (
          // Keyed by episode so that moving to the next one starts again from its first page.
          <LazyPages
            key={viewer.episode.id}
            pages={await imagePages(viewer)}
            sizes={IMAGE_SLOTS.page.sizes}
            marginPx={LAZY_MARGIN_PX}
          />
        )}
        <EpisodeNav viewer={viewer} />
      </main>
    </>
  );
}
