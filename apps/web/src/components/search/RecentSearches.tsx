'use client';

import { useTranslations } from 'use-intl';
import styles from './Search.module.css';

/**
 * The device's recent searches, newest first: each searches again or is removed; all can be
 * cleared. A removed entry's neighbour takes the focus; with none left, the search field does.
 */
export function RecentSearches({
  list,
  onSearch,
  onRemove,
  onClear,
  focusField,
}: {
  list: readonly string[];
  onSearch(query: string): void;
  onRemove(query: string): void;
  onClear(): void;
  focusField(): void;
}) {
  const t = useTranslations('Search');
  const remove = (query: string, item: HTMLElement | null) => {
    const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
    const next = neighbour?.querySelector<HTMLElement>('[data-remove]');
    onRemove(query);
    if (next) next.focus();
    else focusField();
  };
  if (list.length === 0) return <p className={styles.intro}>{t('intro')}</p>;
  return (
    <section aria-labelledby="recent-searches-heading" className={styles.recent} data-testid="recent-searches">
      <div className={styles.recentHead}>
        <h2 id="recent-searches-heading" className={styles.recentHeading}>
          {t('recentHeading')}
        </h2>
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            onClear();
            focusField();
          }}
          data-testid="recent-clear"
        >
          {t('recentClear')}
        </button>
      </div>
      <ul className={styles.recentList}>
        {list.map((query) => (
          <li key={query} className={styles.recentItem} data-testid="recent-search">
            <button type="button" className={styles.recentQuery} onClick={() => onSearch(query)}>
              {query}
            </button>
            <button
              type="button"
              className={styles.iconButton}
              onClick={(event) => remove(query, event.currentTarget.closest('li'))}
              aria-label={t('recentRemove', { query })}
              data-remove=""
              data-testid="recent-remove"
            >
              <CloseIcon />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CloseIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
      <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
