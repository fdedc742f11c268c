import Link from 'next/link';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/navigation/routes';
import styles from './ErrorScreen.module.css';

/** The 404 screen (spec §2), shown for unknown paths, missing series and episodes, and /404. */
export async function NotFoundScreen() {
  const t = await getT('NotFound');
  return (
    <div className={styles.screen} data-testid="not-found">
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
      <div className={styles.actions}>
        <Link href={routes.home} className="button">
          {t('home')}
        </Link>
      </div>
    </div>
  );
}
