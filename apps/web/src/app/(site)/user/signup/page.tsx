import { LAYOUT } from '@balcony/contracts';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { CSSProperties } from 'react';
import styles from '@/components/auth/Auth.module.css';
import { SignUpFlow } from '@/components/auth/SignUpFlow';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { firstParam } from '@/lib/auth/callbacks';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { safeReturnPath } from '@/lib/session/redirects';
import { getServerSession } from '@/lib/session/server';

const BUTTON_VARS = { '--login-button': `${LAYOUT.loginButton}px` } as CSSProperties;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('SignUp');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /user/signup (spec §2): e-mail sign-up with its code step. `callback` is the way back after
 * the account is verified; a member already logged in goes there, and a brand without e-mail
 * login sends readers to its login list.
 */
export default async function SignUpPage({ searchParams }: PageProps<'/user/signup'>) {
  const callbackUrl = safeReturnPath(firstParam((await searchParams).callback));
  const brand = await getRequestBrand();
  if (!brand.loginMethods.includes('email')) redirect(routes.login(callbackUrl));
  if (await getServerSession()) redirect(callbackUrl);
  const t = await getT('SignUp');
  return (
    <div className={styles.screen} style={BUTTON_VARS} data-testid="signup-screen">
      <h1 className={styles.title}>{t('title')}</h1>
      <ScreenIntl namespaces={['Auth', 'SignUp', 'Password', 'Errors']}>
        <SignUpFlow callbackUrl={callbackUrl} />
      </ScreenIntl>
    </div>
  );
}
