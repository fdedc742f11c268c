import { RecentEntries } from '@/components/library/LibraryEntries';
import { LibraryScreen } from '@/components/library/LibraryScreen';
import { fetchRecent } from '@/lib/api/api';
import { getRequestBrand } from '@/lib/brand/brand';
import { loadLibrary } from '@/lib/library/load';
import { libraryMetadata } from '@/lib/library/metadata';

export const generateMetadata = () => libraryMetadata('recent');

/** /library/recent (spec §2): the last episode read in each series, to continue it. */
export default async function LibraryRecentPage({ searchParams }: PageProps<'/library/recent'>) {
  const data = await loadLibrary('recent', await searchParams, fetchRecent);
  return (
    <LibraryScreen tab="recent" data={data}>
      <RecentEntries items={data.items} brand={await getRequestBrand()} />
    </LibraryScreen>
  );
}
