import type { ReactNode } from 'react';
import { getT } from '@/i18n/server';
import styles from './Transfer.module.css';

/** What a transfer moves (the note and the consent page say it alike); `children` follow the list. */
export async function TransferContents({ children }: { children?: ReactNode }) {
  const t = await getT('Transfer');
  return (
    <section className={styles.card} aria-labelledby="transfer-what">
      <h2 id="transfer-what">{t('whatTitle')}</h2>
      <ul className={styles.list}>
        <li>{t('whatCoins')}</li>
        <li>{t('whatOwnerships')}</li>
        <li>{t('whatLibrary')}</li>
        <li>{t('whatFavorites')}</li>
      </ul>
      {children}
    </section>
  );
}
