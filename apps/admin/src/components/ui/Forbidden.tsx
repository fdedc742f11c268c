import { getT } from '@/i18n/server';
import styles from './ui.module.css';

/** What an admin without the area's role sees instead of it (the api refuses its calls as well). */
export async function Forbidden() {
  const t = await getT('Shell');
  return (
    <div className={styles.card} role="alert">
      <h1>{t('forbiddenTitle')}</h1>
      <p>{t('forbiddenText')}</p>
    </div>
  );
}
