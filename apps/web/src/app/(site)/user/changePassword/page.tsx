import type { Metadata } from 'next';
import Link from 'next/link';
import { AccountScreen } from '@/components/account/AccountScreen';
import { ChangePasswordForm } from '@/components/account/ChangePasswordForm';
import formStyles from '@/components/ui/Form.module.css';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { providerName } from '@/lib/account/providers';
import { routes } from '@/lib/navigation/routes';
import { requireSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Password');
  return { title: t('changeTitle'), robots: { index: false } };
}

/** /user/changePassword (spec §2): members change their password; social accounts are told where. */
export default async function ChangePasswordPage() {
  const { user } = await requireSession(routes.changePassword);
  const t = await getT('Password');
  const provider = providerName(user.snsProvider);
  return (
    <AccountScreen title={t('changeTitle')} intro={provider ? undefined : t('changeIntro')}>
      {provider ? (
        <p className={formStyles.info} data-testid="social-account">
          {t('socialAccount', { provider })}
        </p>
      ) : (
        <ScreenIntl namespaces={['Password', 'Errors']}>
          <ChangePasswordForm />
        </ScreenIntl>
      )}
      <p>
        <Link href={routes.profile}>{t('backToProfile')}</Link>
      </p>
    </AccountScreen>
  );
}
