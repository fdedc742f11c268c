'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import { useTranslations } from 'use-intl';
import styles from './ErrorScreen.module.css';

/** The error boundary's screen: server errors arrive without details, so it offers a retry and home. */
export function ErrorPanel({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations('ErrorPage');
  const tErrors = useTranslations('Errors');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className={styles.screen} data-testid="error-screen" role="alert">
      <h1>{t('title')}</h1>
      <p>{tErrors('INTERNAL_ERROR')}</p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={retry}>
          {t('retry')}
        </button>
        <Link href="/" className="button button-secondary">
          {t('home')}
        </Link>
      </div>
    </div>
  );
}
