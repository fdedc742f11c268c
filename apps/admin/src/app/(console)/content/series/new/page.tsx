import type { Metadata } from 'next';
import Link from 'next/link';
import { SeriesEditor } from '@/components/content/SeriesEditor';
import { Forbidden } from '@/components/ui/Forbidden';
import { getT } from '@/i18n/server';
import { getConsole, may } from '@/lib/console';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Content'))('series.newTitle') };
}

export default async function NewSeriesPage() {
  const { admin } = await getConsole();
  if (!may(admin, ['CONTENT'])) return <Forbidden />;
  const t = await getT('Content');
  return (
    <>
      <p>
        <Link href="/content">{t('series.back')}</Link>
      </p>
      <h1>{t('series.newTitle')}</h1>
      <SeriesEditor series={null} />
    </>
  );
}
