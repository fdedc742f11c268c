import { AdminSeriesDetail } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/content/Content.module.css';
import { SeriesEditor } from '@/components/content/SeriesEditor';
import { Forbidden } from '@/components/ui/Forbidden';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api, loadRecord } from '@/lib/api';
import { getConsole, may } from '@/lib/console';
import { formatInstant } from '@/lib/format';

type Props = { params: Promise<{ id: string }> };

const load = (id: string) => loadRecord(id, () => api(`/admin/series/${id}`, AdminSeriesDetail));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { admin } = await getConsole();
  if (!may(admin, ['CONTENT'])) return {};
  const series = await load((await params).id);
  return { title: (await getT('Content'))('series.editTitle', { title: series.title }) };
}

// One series: its editor (fields, creators, cover, brands and sale settings) and its episodes.
export default async function SeriesPage({ params }: Props) {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['CONTENT'])) return <Forbidden />;
  const t = await getT('Content');
  const series = await load((await params).id);
  return (
    <>
      <p>
        <Link href="/content">{t('series.back')}</Link>
      </p>
      <h1>{t('series.editTitle', { title: series.title })}</h1>
      <SeriesEditor series={series} />
      <section className={ui.card} aria-labelledby="episodes-title">
        <h2 id="episodes-title">{t('series.episodes')}</h2>
        <p>
          <Link className={ui.button} href={`/content/series/${series.id}/episodes/new`}>
            {t('series.newEpisode')}
          </Link>
        </p>
        {series.episodes.length === 0 ? (
          <p>{t('series.noEpisodes')}</p>
        ) : (
          <ul className={styles.episodes}>
            {series.episodes.map((e) => (
              <li key={e.id}>
                <Link href={`/content/episodes/${e.id}`}>
                  {e.number}. {e.title}
                </Link>{' '}
                <span className={ui.muted}>
                  {e.published
                    ? t('series.published', { when: formatInstant(e.publishedAt, locale, brand.timeZone) })
                    : t('series.scheduled', { when: formatInstant(e.publishedAt, locale, brand.timeZone) })}
                  {' · '}
                  {t('series.pages', { count: e.pageCount })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
