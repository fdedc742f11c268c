import { OwnedEntries } from '@/components/library/LibraryEntries';
import { LibraryScreen } from '@/components/library/LibraryScreen';
import { fetchOwned } from '@/lib/api/api';
import { loadLibrary } from '@/lib/library/load';
import { libraryMetadata } from '@/lib/library/metadata';

export const generateMetadata = () => libraryMetadata('my');

/** /library/my (spec §2): series in which the member owns or rents episodes. */
export default async function LibraryMyPage({ searchParams }: PageProps<'/library/my'>) {
  const data = await loadLibrary('my', await searchParams, fetchOwned);
  return (
    <LibraryScreen tab="my" data={data}>
      <OwnedEntries items={data.items} now={Date.now()} />
    </LibraryScreen>
  );
}
