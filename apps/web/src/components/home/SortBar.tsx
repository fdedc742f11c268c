import { FreeContentSort } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/navigation/routes';
import styles from './SortBar.module.css';

/** The free tab's three sorts (spec §3 free-content sort). */
export async function SortBar({ selected }: { selected: FreeContentSort }) {
  const t = await getT('Home');
  return (
    <nav aria-label={t('sortLabel')} className={styles.sorts}>
      <ul>
        {FreeContentSort.options.map((sort) => (
          <li key={sort}>
            <Link
              href={routes.freeSorted(sort)}
              aria-current={sort === selected ? 'page' : undefined}
              data-testid={`free-sort-${sort}`}
            >
              {t(`sort.${sort}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
