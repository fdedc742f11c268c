import { LAYOUT } from '@balcony/contracts';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import type { CSSProperties } from 'react';
import styles from '@/components/auth/Auth.module.css';
import { NewUserForm } from '@/components/auth/NewUserForm';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { firstParam } from '@/lib/auth/callbacks';
import { routes } from '@/lib/navigation/routes';
import { COOKIES } from '@/lib/session/cookies';
import { pendingSocialUser } from '@/lib/session/flows';
import { safeReturnPath } from '@/lib/session/redirects';

const BUTTON_VARS = { '--login-button': `${LAYOUT.loginButton}px` } as CSSProperties;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Callback');
  return { title: t('newUserTitle'), robots: { index: false } };
}

/**
 * /callback/login-newuser (spec §2): the first social login of someone without an account. The
 * provider's answer waits in the sealed sign-up ticket cookie; without it (expired, or opened
 * directly) the reader is sent back to login.
 */
export default async function NewUserPage({ searchParams }: PageProps<'/callback/login-newuser'>) {
  const callbackUrl = safeReturnPath(firstParam((await searchParams).callbackUrl));
  const pending = await pendingSocialUser((await cookies()).get(COOKIES.signupTicket.name)?.value);
  const t = await getT('Callback');
  const loginHref = routes.login(callbackUrl);
  return (
    <div className={styles.screen} style={BUTTON_VARS} data-testid="newuser-screen">
      <h1 className={styles.title}>{t('newUserTitle')}</h1>
      {pending ? (
        <>
          <p className={styles.intro}>{t('newUserIntro')}</p>
          {pending.email && <p data-testid="newuser-email">{t('newUserEmail', { email: pending.email })}</p>}
          <ScreenIntl namespaces={['Auth', 'Callback', 'Errors']}>
            <NewUserForm defaultNickname={pending.name ?? ''} loginHref={loginHref} />
          </ScreenIntl>
        </>
      ) : (
        <>
          <p role="alert" data-testid="newuser-expired">
            {t('ticketExpired')}
          </p>
          <Link href={loginHref} prefetch={false} className="button">
            {t('login')}
          </Link>
        </>
      )}
    </div>
  );
}
