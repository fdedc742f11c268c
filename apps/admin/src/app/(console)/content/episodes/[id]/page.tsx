import { AdminEpisode, AdminSeriesDetail } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { EpisodeEditor } from '@/components/content/EpisodeEditor';
import { PageManager } from '@/components/content/PageManager';
import { TextEditor } from '@/components/content/TextEditor';
import { Forbidden } from '@/components/ui/Forbidden';
import { getT } from '@/i18n/server';
import { api, loadRecord } from '@/lib/api';
import { getConsole, may } from '@/lib/console';

type Props = { params: Promise<{ id: string }> };

const load = (id: string) =>
  loadRecord(id, async () => {
    const episode = await api(`/admin/episodes/${id}`, AdminEpisode);
    const series = await api(`/admin/series/${episode.seriesId}`, AdminSeriesDetail);
    return { episode, series };
  });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { admin } = await getConsole();
  if (!may(admin, ['CONTENT'])) return {};
  const { episode } = await load((await params).id);
  return { title: (await getT('Content'))('episode.editTitle', { number: episode.number, title: episode.title }) };
}

// One episode: its fields and publication, then its pages (images) or its text.
export default async function EpisodePage({ params }: Props) {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['CONTENT'])) return <Forbidden />;
  const t = await getT('Content');
  const { episode, series } = await load((await params).id);
  return (
    <>
      <p>
        <Link href={`/content/series/${series.id}`}>{t('episode.back', { series: series.title })}</Link>
      </p>
      <h1>{t('episode.editTitle', { number: episode.number, title: episode.title })}</h1>
      <EpisodeEditor
        seriesId={series.id}
        seriesKind={series.contentKind}
        nextNumber={episode.number}
        episode={episode}
        locale={locale}
        timeZone={brand.timeZone}
      />
      {episode.contentKind === 'IMAGE' ? (
        <PageManager episodeId={episode.id} initial={episode.pages} />
      ) : (
        <TextEditor episodeId={episode.id} initial={episode.pages} />
      )}
    </>
  );
}
