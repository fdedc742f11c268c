import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/auth/Auth.module.css';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/navigation/routes';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Callback');
  return { title: t('logoutTitle'), robots: { index: false } };
}

/** /callback/logout-success (spec §2, §4): the reader is a guest again; home, or log in anew. */
export default async function LogoutSuccessPage() {
  const t = await getT('Callback');
  return (
    <div className={`${styles.screen} ${styles.center}`} data-testid="logout-success">
      <h1 className={styles.title}>{t('logoutTitle')}</h1>
      <p className={styles.intro}>{t('logoutBody')}</p>
      <div className={styles.buttons}>
        <Link href={routes.home} className="button" data-testid="logout-home">
          {t('home')}
        </Link>
        <Link href={routes.login(routes.home)} prefetch={false} className="button button-secondary">
          {t('login')}
        </Link>
      </div>
    </div>
  );
}
