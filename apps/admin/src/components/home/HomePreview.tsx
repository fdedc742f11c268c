import {
  API_BASE,
  API_HEADERS,
  BannerList,
  type BrandConfig,
  HomeTabOrder,
  HomeTabResponse,
  PickList,
  REQUEST_TIMEOUT_MS,
} from '@balcony/contracts';
import type { z } from 'zod';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { apiBaseUrl } from '@/lib/api-url';
import styles from './Home.module.css';

/**
 * A reader api call as a visitor of `brand` on the web makes it: the brand's headers, no bearer
 * (decision 0233), so the answer is the one the reader site gets.
 */
async function readerCall<S extends z.ZodType>(brand: BrandConfig, path: string, schema: S): Promise<z.infer<S>> {
  const response = await fetch(new URL(`${API_BASE}${path}`, apiBaseUrl()), {
    headers: {
      [API_HEADERS.brand]: brand.id,
      [API_HEADERS.platform]: 'WEB',
      [API_HEADERS.timeZone]: brand.timeZone,
      Accept: 'application/json',
    },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    cache: 'no-store',
  });
  const body = (await response.json()) as { data?: unknown };
  return schema.parse(body.data);
}

/** The brand's home as its readers get it now: live banners, the tab bar, live picks, today's series. */
export async function HomePreview({ brand, readerHome }: { brand: BrandConfig; readerHome: string | null }) {
  const t = await getT('HomeScreen');
  const tabsT = await getT('HomeScreen.order.tab');
  let data: [z.infer<typeof BannerList>, HomeTabOrder, z.infer<typeof PickList>, HomeTabResponse];
  try {
    data = await Promise.all([
      readerCall(brand, '/banners', BannerList),
      readerCall(brand, '/contents/home-tabs', HomeTabOrder),
      readerCall(brand, '/contents/picks', PickList),
      readerCall(brand, '/contents/home/WEEKLY', HomeTabResponse),
    ]);
  } catch {
    return (
      <p className={ui.error} role="alert">
        {t('preview.unavailable')}
      </p>
    );
  }
  const [banners, order, picks, weekly] = data;
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title">{t('preview.title', { brand: brand.id })}</h2>
      <p className={ui.hint}>{t('preview.note')}</p>
      {readerHome ? (
        <p>
          <a className={ui.secondary} href={readerHome} target="_blank" rel="noopener noreferrer">
            {t('preview.open')}
          </a>
        </p>
      ) : null}
      <div className={styles.phone} data-testid="home-preview">
        <section aria-label={t('preview.banners')}>
          {banners.length === 0 ? (
            <p className={ui.hint}>{t('preview.noBanners')}</p>
          ) : (
            <div className={styles.bannerStrip}>
              {banners.map((b) => (
                // biome-ignore lint/performance/noImgElement: the api's rendition through the console's /media.
                <img key={b.id} src={`${b.imageUrl}?w=640`} alt={b.title} />
              ))}
            </div>
          )}
        </section>
        <nav aria-label={t('preview.tabBar')}>
          <ol className={styles.tabBar}>
            {order.tabs.map((tab) => (
              <li key={tab}>{tabsT(tab)}</li>
            ))}
          </ol>
        </nav>
        <section aria-label={t('preview.today')}>
          <h3>{t('preview.today')}</h3>
          {weekly.items.length === 0 ? (
            <p className={ui.hint}>{t('preview.noSeries')}</p>
          ) : (
            <Cards cards={weekly.items.slice(0, 9)} />
          )}
        </section>
        <section aria-label={t('preview.picks')}>
          <h3>{t('preview.picks')}</h3>
          {picks.length === 0 ? (
            <p className={ui.hint}>{t('preview.noPicks')}</p>
          ) : (
            picks.map((pick) => (
              <div key={pick.id}>
                <h4>{pick.title}</h4>
                <Cards cards={pick.items} />
              </div>
            ))
          )}
        </section>
      </div>
    </section>
  );
}

/** Series as the reader home shows them: cover and title (the cover is decorative, the title says it). */
function Cards({ cards }: { cards: readonly { id: number; title: string; thumbnailUrl: string }[] }) {
  return (
    <ul className={styles.cards}>
      {cards.map((card) => (
        <li key={card.id}>
          {/* biome-ignore lint/performance/noImgElement: the api's rendition through the console's /media. */}
          <img src={`${card.thumbnailUrl}?w=384`} alt="" />
          <span>{card.title}</span>
        </li>
      ))}
    </ul>
  );
}
