import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/auth/Auth.module.css';
import { AuthMessage } from '@/components/auth/AuthMessage';
import { getT } from '@/i18n/server';
import { authMessageCode } from '@/lib/auth/auth-messages';
import { firstParam } from '@/lib/auth/callbacks';
import { routes } from '@/lib/routes';
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
  const code = authMessageCode(firstParam((await searchParams).error)) ?? 'UnknownError';
  const t = await getT('Callback');
  const tAuth = await getT('Auth');
  return (
    <div className={styles.screen} data-testid="login-error-screen">
      <h1 className={styles.title}>{t('errorTitle')}</h1>
      <AuthMessage code={code} text={tAuth(`errors.${code}`)} testId="login-error-message" />
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
