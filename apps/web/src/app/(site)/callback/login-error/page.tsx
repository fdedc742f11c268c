import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/auth/Auth.module.css';
import { AuthMessage } from '@/components/auth/AuthMessage';
import { getT } from '@/i18n/server';
import { firstParam } from '@/lib/auth/callbacks';
import { messageCode } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import { LOGIN_PATH } from '@/lib/session/redirects';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Callback');
  return { title: t('errorTitle'), robots: { index: false } };
}

/**
 * /callback/login-error (spec §2, §8): why a login failed (a catalogue code, or Callback,
 * OAuthCallbackError, AccountNotLinkedError, MissingCSRF, UnknownError) and the way back to login.
 * Spec §2: a return path on the login-error route leaves `callback` empty, so login starts afresh.
 */
export default async function LoginErrorPage({ searchParams }: PageProps<'/callback/login-error'>) {
  const code = messageCode(firstParam((await searchParams).error), 'UnknownError');
  const t = await getT('Callback');
  const tErrors = await getT('Errors');
  return (
    <div className={styles.screen} data-testid="login-error-screen">
      <h1 className={styles.title}>{t('errorTitle')}</h1>
      <AuthMessage code={code} text={tErrors(code)} testId="login-error-message" />
      <div className={styles.buttons}>
        <Link href={LOGIN_PATH} prefetch={false} className="button" data-testid="back-to-login">
          {t('backToLogin')}
        </Link>
        <Link href={routes.home} className="button button-secondary">
          {t('home')}
        </Link>
      </div>
    </div>
  );
}
