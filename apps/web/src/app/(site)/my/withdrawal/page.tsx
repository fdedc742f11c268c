import { RESIGNUP_BLOCK_DAYS } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/account/Account.module.css';
import { AccountScreen } from '@/components/account/AccountScreen';
import { WithdrawalForm } from '@/components/account/WithdrawalForm';
import formStyles from '@/components/ui/Form.module.css';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/navigation/routes';
import { requireSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Withdrawal');
  return { title: t('title'), robots: { index: false } };
}

/** /my/withdrawal (spec §2): what deleting the account erases and keeps, then the confirmed request. */
export default async function WithdrawalPage() {
  const { user } = await requireSession(routes.withdrawal);
  const t = await getT('Withdrawal');
  return (
    <AccountScreen title={t('title')}>
      <div className={styles.summary}>
        <section aria-labelledby="erased-heading">
          <h2 id="erased-heading">{t('erasedHeading')}</h2>
          <p>{t('erased')}</p>
        </section>
        <section aria-labelledby="kept-heading">
          <h2 id="kept-heading">{t('keptHeading')}</h2>
          <p>{t('kept')}</p>
        </section>
        <p className={formStyles.info}>{t('resignup', { days: RESIGNUP_BLOCK_DAYS })}</p>
      </div>
      <ScreenIntl namespaces={['Withdrawal', 'Errors']}>
        <WithdrawalForm needsPassword={user.snsProvider === null} loginHref={routes.login(routes.withdrawal)} />
      </ScreenIntl>
      <p>
        <Link href={routes.profile}>{t('backToProfile')}</Link>
      </p>
    </AccountScreen>
  );
}
