import { AdminSeriesDetail } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { EpisodeEditor } from '@/components/content/EpisodeEditor';
import { Forbidden } from '@/components/ui/Forbidden';
import { getT } from '@/i18n/server';
import { api, loadRecord } from '@/lib/api';
import { getConsole, may } from '@/lib/console';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Content'))('series.newEpisode') };
}

// A new episode of a series; once saved, the editor opens with its pages or text.
export default async function NewEpisodePage({ params }: Props) {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['CONTENT'])) return <Forbidden />;
  const t = await getT('Content');
  const series = await loadRecord((await params).id, (id) => api(`/admin/series/${id}`, AdminSeriesDetail));
  const nextNumber = series.episodes.reduce((n, e) => Math.max(n, e.number), 0) + 1;
  return (
    <>
      <p>
        <Link href={`/content/series/${series.id}`}>{t('episode.back', { series: series.title })}</Link>
      </p>
      <h1>{t('episode.newTitle', { series: series.title })}</h1>
      <EpisodeEditor
        seriesId={series.id}
        seriesKind={series.contentKind}
        nextNumber={nextNumber}
        episode={null}
        locale={locale}
        timeZone={brand.timeZone}
      />
    </>
  );
}
