import type { BrandConfig, ViewerResponse } from '@balcony/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ErrorScreen } from '@/components/errors/ErrorScreen';
import { ScrollTopButton } from '@/components/shell/ScrollTopButton';
import { SiteChrome } from '@/components/site/SiteChrome';
import { EpisodeNav } from '@/components/viewer/EpisodeNav';
import { FontFaces } from '@/components/viewer/FontFaces';
import { LockedEpisode } from '@/components/viewer/LockedEpisode';
import { Reader } from '@/components/viewer/Reader';
import type { ReaderPage } from '@/components/viewer/ReaderStage';
import { SessionEnded } from '@/components/viewer/SessionEnded';
import { SettingsBootScript } from '@/components/viewer/SettingsBootScript';
import { TextPage } from '@/components/viewer/TextPage';
import styles from '@/components/viewer/Viewer.module.css';
import { ViewerFrame } from '@/components/viewer/ViewerFrame';
import { ViewerTopBar } from '@/components/viewer/ViewerTopBar';
import { ViewerViewProvider } from '@/components/viewer/ViewerView';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { fetchViewer } from '@/lib/api/api';
import { ApiError } from '@/lib/api/api-client';
import { loadPageData, type PageData } from '@/lib/api/page-data';
import { getRequestBrand } from '@/lib/brand/brand';
import { type CatalogueMessageCode, followUpOf } from '@/lib/errors/error-codes';
import { getSameOriginReferrerPath } from '@/lib/http/request-origin';
import { parseId } from '@/lib/navigation/params';
import { routes } from '@/lib/navigation/routes';
import { catalogueToken, getStoredSession, isShellPage } from '@/lib/session/server';
import { fontVariables, scriptOf } from '@/lib/viewer/fonts';
import { readsRightToLeft } from '@/lib/viewer/paper';
import { textSizeVariables } from '@/lib/viewer/settings';

type Props = PageProps<'/viewer/[id]'>;

/** Spec §8 "Viewer" codes a reader can act on (NOT_FOUND_EPISODE is the 404 screen). */
const EXPLAINED: readonly CatalogueMessageCode[] = ['UNAUTHORIZED_CONTENTS', 'ADULT_ONLY_CONTENTS', 'INVALID_CONTENTS'];

type ViewerData = PageData<ViewerResponse> | { ok: false; code: 'SESSION_ENDED' };

/**
 * The episode for this reader: a member's bearer opens what they own and brings their position.
 * A bearer the api no longer accepts (spec §8 follow-up "logout", e.g. NOT_FOUND_ACCESS_TOKEN)
 * means the session is over.
 */
async function loadEpisode({ params }: Props): Promise<{ id: number; brand: BrandConfig; result: ViewerData }> {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const brand = await getRequestBrand();
  // None in a member's page kept as their class's shell: the browser asks for their parts.
  const accessToken = await catalogueToken();
  try {
    return { id, brand, result: await loadPageData(fetchViewer(brand, id, accessToken), EXPLAINED) };
  } catch (error) {
    if (accessToken && error instanceof ApiError && followUpOf(error.code) === 'logout') {
      return { id, brand, result: { ok: false, code: 'SESSION_ENDED' } };
    }
    throw error;
  }
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { id, result } = await loadEpisode(props);
  if (!result.ok) {
    const title =
      result.code === 'SESSION_ENDED' ? (await getT('Viewer'))('sessionEnded') : (await getT('Errors'))(result.code);
    return { title, robots: { index: false } };
  }
  const { series, episode, pagesExpireAt } = result.data;
  return {
    title: `${episode.title} · ${series.title}`,
    alternates: { canonical: routes.viewer(id) },
    // Signed pages belong to a paid episode: its address is for its reader, not for search engines.
    ...(pagesExpireAt !== null && { robots: { index: false } }),
  };
}

function readerPages(viewer: ViewerResponse): ReaderPage[] {
  return viewer.pages.map((page) =>
    page.kind === 'IMAGE' ? page : { kind: 'TEXT', index: page.index, content: <TextPage text={page.text} /> },
  );
}

export default async function ViewerPage(props: Props) {
  const { id, brand, result } = await loadEpisode(props);
  if (!result.ok) {
    return (
      <SiteChrome>
        {result.code === 'SESSION_ENDED' ? (
          <ScreenIntl namespaces={['Viewer']}>
            <SessionEnded loginHref={routes.login(routes.viewerLoginSuccess(id))} />
          </ScreenIntl>
        ) : result.code === 'UNAUTHORIZED_CONTENTS' ? (
          // A visitor may own the locked episode: logging in comes back to it.
          <LockedEpisode
            episodeId={id}
            loginHref={routes.login(routes.viewerLoginSuccess(id))}
            backHref={(await getSameOriginReferrerPath()) ?? routes.home}
          />
        ) : (
          <ErrorScreen
            code={result.code}
            returnPath={routes.viewer(id)}
            backHref={(await getSameOriginReferrerPath()) ?? routes.home}
          />
        )}
      </SiteChrome>
    );
  }
  const viewer = result.data;
  const script = scriptOf(brand.locale);
  const text = viewer.episode.contentKind === 'TEXT';
  return (
    // Purchase, Freetime and Errors: the binge-read confirmation rents, buys or uses the ticket on the next episode.
    <ScreenIntl namespaces={['Viewer', 'Purchase', 'Freetime', 'Errors']}>
      <ViewerFrame style={{ ...fontVariables(script), ...textSizeVariables() }}>
        <SettingsBootScript />
        {text && <FontFaces script={script} />}
        <ViewerViewProvider viewer={viewer} shell={await isShellPage()} member={(await getStoredSession()) !== null}>
          <ViewerTopBar viewer={viewer} script={script} />
          <main id="main" tabIndex={-1} className={styles.main}>
            {/* Keyed by episode: the next episode opens at its own place, with its own pages. */}
            <Reader
              key={viewer.episode.id}
              brandId={brand.id}
              episodeId={viewer.episode.id}
              pages={readerPages(viewer)}
              pagesExpireAt={viewer.pagesExpireAt}
              rightToLeft={readsRightToLeft(brand)}
              end={<EpisodeNav viewer={viewer} />}
              scrollTop={<ScrollTopButton label={(await getT('Shell'))('scrollTop')} />}
            />
          </main>
        </ViewerViewProvider>
      </ViewerFrame>
    </ScreenIntl>
  );
}
