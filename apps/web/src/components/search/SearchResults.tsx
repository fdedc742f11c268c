import type { SearchResponse } from '@balcony/contracts';
import { AdultHiddenNotice } from '@/components/home/AdultHiddenNotice';
import { SeriesGrid } from '@/components/home/SeriesGrid';
import { Pager } from '@/components/library/Pager';
import { getT } from '@/i18n/server';
import { pageCount } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { RememberSearch } from './RememberSearch';
import styles from './Search.module.css';

/**
 * One page of results for `query`. The count (or the empty state) is a live region, so a screen
 * reader hears the outcome of each search while the focus stays in the field.
 */
export async function SearchResults({
  brandId,
  query,
  result,
}: {
  brandId: string;
  query: string;
  result: SearchResponse;
}) {
  const t = await getT('Search');
  const found = result.total > 0;
  const returnPath = routes.search(query, result.page);
  return (
    <section aria-label={t('resultsTitle', { query })} data-testid="search-results">
      <p role="status" className={styles.count} data-testid={found ? 'search-count' : 'search-empty'}>
        {found ? t('resultCount', { count: result.total, query }) : t('empty', { query })}
      </p>
      {!found && !result.adultHidden && <p className={styles.intro}>{t('emptyHint')}</p>}
      {result.adultHidden && <AdultHiddenNotice returnPath={returnPath} message={t('adultHidden')} />}
      {result.items.length > 0 && (
        <>
          <SeriesGrid items={result.items} adultHidden={false} returnPath={returnPath} />
          <RememberSearch brandId={brandId} query={query} />
        </>
      )}
      <Pager
        page={result.page}
        count={pageCount(result.total, result.size)}
        hrefFor={(page) => routes.search(query, page)}
      />
    </section>
  );
}
