import { Genre } from '@balcony/contracts';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import styles from '@/components/search/Search.module.css';
import { SearchBox } from '@/components/search/SearchBox';
import { SearchResults } from '@/components/search/SearchResults';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { fetchSearch } from '@/lib/api/api';
import { getRequestBrand } from '@/lib/brand/brand';
import { pageCount, readPage } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { matchGenres, readSearchQuery } from '@/lib/search/query';
import { getStoredSession } from '@/lib/session/server';

type Props = PageProps<'/search'>;

/** The genre names of the brand's locale, which the typed text is matched against. */
async function genreNames(): Promise<Record<Genre, string>> {
  const t = await getT('Series');
  return Object.fromEntries(Genre.options.map((genre) => [genre, t(`genres.${genre}`)])) as Record<Genre, string>;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const query = readSearchQuery((await searchParams).q);
  const t = await getT('Search');
  // Result pages are for sharing, not for search engines' indexes.
  return query
    ? { title: t('resultsTitle', { query }), robots: { index: false }, alternates: { canonical: routes.search() } }
    : { title: t('title'), alternates: { canonical: routes.search() } };
}

/**
 * /search (spec §2): series by title, creator, genre or tag. `?q=` (and `?page=`) make a result
 * page's address, rendered here on the server; the field updates the address as the reader types.
 */
export default async function SearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const query = readSearchQuery(params.q);
  const page = readPage(params.page);
  const brand = await getRequestBrand();
  const t = await getT('Search');
  let results = null;
  if (query) {
    const genres = matchGenres(query, await genreNames());
    const session = await getStoredSession();
    const result = await fetchSearch(brand, query, genres.join(','), page, session?.accessToken);
    const last = pageCount(result.total, result.size);
    if (page > last) redirect(routes.search(query, last));
    results = <SearchResults brandId={brand.id} query={query} result={result} />;
  }
  return (
    <div className={styles.screen} data-testid="search-page">
      <h1 className={styles.title}>{t('title')}</h1>
      <ScreenIntl namespaces={['Search']}>
        <SearchBox brandId={brand.id} query={query}>
          {results}
        </SearchBox>
      </ScreenIntl>
    </div>
  );
}
