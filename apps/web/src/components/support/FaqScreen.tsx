import { FAQ_QUERY_MAX, type FaqResponse } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { SanitizedHtml } from './SanitizedHtml';
import styles from './Support.module.css';

/**
 * /faq: a search form (a plain GET of `?q=`, so it works without scripts), then each category
 * with its questions as disclosures (`<details>`/`<summary>`: a button for keyboards and screen
 * readers, opened with Enter or Space, its state announced). A search opens the answers it found.
 */
export async function FaqScreen({ faq, query }: { faq: FaqResponse; query: string }) {
  const brand = await getRequestBrand();
  const t = await getT('Faq');
  const searching = faq.query !== null;
  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>{t('title')}</h1>
      <search>
        <form action={routes.faq()} method="get" className={styles.search}>
          <label htmlFor="faq-query" className="visually-hidden">
            {t('searchLabel')}
          </label>
          <input
            id="faq-query"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={FAQ_QUERY_MAX}
            placeholder={t('searchLabel')}
            data-testid="faq-query"
          />
          <button type="submit" className="button" data-testid="faq-search">
            {t('searchButton')}
          </button>
        </form>
      </search>
      {searching && (
        <p className={styles.status} role="status" data-testid="faq-status">
          {faq.total === 0
            ? t('noResults', { query: faq.query ?? '' })
            : t('results', { count: faq.total, query: faq.query ?? '' })}{' '}
          <Link href={routes.faq()} prefetch={false} data-testid="faq-show-all">
            {t('showAll')}
          </Link>
        </p>
      )}
      {!searching && faq.total === 0 && <p className={styles.empty}>{t('empty')}</p>}
      {faq.categories.map((category) => (
        <section
          key={category.id}
          aria-labelledby={`faq-category-${category.id}`}
          className={styles.category}
          data-testid="faq-category"
        >
          <h2 id={`faq-category-${category.id}`}>{category.name}</h2>
          <ul className={styles.list}>
            {category.entries.map((entry) => (
              <li key={entry.id}>
                <details className={styles.question} open={searching} data-testid="faq-entry" data-entry-id={entry.id}>
                  <summary data-testid="faq-question">{entry.question}</summary>
                  <SanitizedHtml html={entry.answer} testId="faq-answer" />
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="faq-contact" className={styles.contact}>
        <h2 id="faq-contact">{t('contactHeading')}</h2>
        <p>{t('contactText')}</p>
        <p>
          <Link href={routes.qna} prefetch={false} className="button" data-testid="faq-contact">
            {t('contactLink')}
          </Link>
        </p>
        <p className={styles.mail}>
          <a href={`mailto:${brand.supportEmail}`}>{t('contactMail', { email: brand.supportEmail })}</a>
        </p>
      </section>
    </div>
  );
}
