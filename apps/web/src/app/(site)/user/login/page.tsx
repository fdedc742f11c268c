import { LAYOUT } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import type { CSSProperties } from 'react';
import styles from '@/components/auth/Auth.module.css';
import { AuthMessage } from '@/components/auth/AuthMessage';
import { ForgetLoginFlags } from '@/components/auth/ForgetLoginFlags';
import { LoginForm } from '@/components/auth/LoginForm';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { firstParam } from '@/lib/auth/callbacks';
import { loginOptions, PROVIDER_NAMES, socialSignInHref } from '@/lib/auth/login-options';
import { fetchSocialProviders } from '@/lib/auth/providers';
import { getRequestBrand } from '@/lib/brand/brand';
import { messageCode } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import { safeReturnPath } from '@/lib/session/redirects';
import { getServerSession } from '@/lib/session/server';

/** Spec §9: every button of the login list is 48 px high. */
const LOGIN_VARS = { '--login-button': `${LAYOUT.loginButton}px` } as CSSProperties;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Login');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /user/login (spec §2): the brand's login list — the social providers the api offers, then the
 * e-mail form — with the message of the `error` it was sent here with (SessionRequired: "please
 * log in to continue"). `callback` holds the way back; a member already logged in goes there.
 */
export default async function LoginPage({ searchParams }: PageProps<'/user/login'>) {
  const params = await searchParams;
  const callbackUrl = safeReturnPath(firstParam(params.callback));
  const error = firstParam(params.error);
  const message = error ? messageCode(error, 'UnknownError') : null;
  if (await getServerSession()) redirect(callbackUrl);

  const brand = await getRequestBrand();
  const { social, email } = loginOptions(brand.loginMethods, await fetchSocialProviders(brand));
  const t = await getT('Login');
  const tErrors = await getT('Errors');
  return (
    <div className={styles.screen} style={LOGIN_VARS} data-testid="login-screen">
      <h1 className={styles.title}>{t('title')}</h1>
      <ForgetLoginFlags />
      {message && <AuthMessage code={message} text={tErrors(message)} testId="login-notice" />}
      {social.length > 0 && (
        <ul className={styles.socialList} aria-label={t('socialLabel')}>
          {social.map((provider) => (
            <li key={provider}>
              {/* A navigation, not a fetch: the provider's page opens in this tab. */}
              <a
                href={socialSignInHref(provider, callbackUrl)}
                className={styles.loginButton}
                data-testid={`login-${provider}`}
              >
                <span className={styles.providerMark} data-provider={provider} aria-hidden="true">
                  {PROVIDER_NAMES[provider].charAt(0)}
                </span>
                {t('continueWith', { provider: PROVIDER_NAMES[provider] })}
              </a>
            </li>
          ))}
        </ul>
      )}
      {social.length > 0 && email && (
        <p className={styles.divider} aria-hidden="true">
          {t('or')}
        </p>
      )}
      {email && (
        <ScreenIntl namespaces={['Auth', 'Login', 'Errors']}>
          <LoginForm callbackUrl={callbackUrl} />
        </ScreenIntl>
      )}
      {email && (
        <ul className={styles.footerLinks}>
          <li>
            <Link href={routes.resetPassword} prefetch={false} data-testid="login-reset-password">
              {t('forgotPassword')}
            </Link>
          </li>
          <li>
            <span>{t('noAccount')}</span>{' '}
            <Link href={routes.signup(callbackUrl)} prefetch={false} data-testid="login-signup">
              {t('signUp')}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
