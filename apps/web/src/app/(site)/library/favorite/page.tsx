import { FavoriteEntries } from '@/components/library/LibraryEntries';
import { LibraryScreen } from '@/components/library/LibraryScreen';
import { fetchFavorites } from '@/lib/api/api';
import { getRequestBrand } from '@/lib/brand/brand';
import { loadLibrary } from '@/lib/library/load';
import { libraryMetadata } from '@/lib/library/metadata';

export const generateMetadata = () => libraryMetadata('favorite');

/** /library/favorite (spec §2): the member's favourite series. */
export default async function LibraryFavoritePage({ searchParams }: PageProps<'/library/favorite'>) {
  const data = await loadLibrary('favorite', await searchParams, fetchFavorites);
  return (
    <LibraryScreen tab="favorite" data={data}>
      <FavoriteEntries items={data.items} brand={await getRequestBrand()} />
    </LibraryScreen>
  );
}
