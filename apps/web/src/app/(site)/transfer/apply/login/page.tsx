import { LAYOUT } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import type { CSSProperties } from 'react';
import authStyles from '@/components/auth/Auth.module.css';
import { LoginForm } from '@/components/auth/LoginForm';
import styles from '@/components/transfer/Transfer.module.css';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { loginOptions, PROVIDER_NAMES, socialSignInHref } from '@/lib/auth/login-options';
import { fetchSocialProviders } from '@/lib/auth/providers';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { formatDateTime, loadTransferStatus } from '@/lib/transfer/load';
import { TRANSFER_PATHS } from '@/lib/transfer/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Transfer');
  return { title: t('loginTitle'), robots: { index: false } };
}

/** Spec §9: every button of the login list is 48 px high. */
const LOGIN_VARS = { '--login-button': `${LAYOUT.loginButton}px` } as CSSProperties;

/**
 * /transfer/apply/login (spec §2 "apply with login"): the member logs in again, even with a
 * session open, so that the confirm page knows it is them now (the api asks for a login within
 * 15 minutes). After the end of the period the page says the transfer has closed.
 */
export default async function TransferLoginPage() {
  const brand = await getRequestBrand();
  const { period } = await loadTransferStatus();
  const t = await getT('Transfer');
  const tLogin = await getT('Login');
  const { social, email } = loginOptions(brand.loginMethods, await fetchSocialProviders(brand));
  return (
    <div className={styles.screen} style={LOGIN_VARS} data-testid="transfer-login">
      <h1 className={styles.title}>{t('loginTitle')}</h1>
      {period.open && period.endsAt ? (
        <>
          <p className={styles.lead}>{t('loginLead', { end: formatDateTime(brand, period.endsAt) })}</p>
          {/* A social account logs in again with its provider, back to the confirm page. */}
          {social.length > 0 && (
            <ul className={authStyles.socialList} aria-label={tLogin('socialLabel')}>
              {social.map((provider) => (
                <li key={provider}>
                  <a href={socialSignInHref(provider, TRANSFER_PATHS.confirm)} className={authStyles.loginButton}>
                    <span className={authStyles.providerMark} data-provider={provider} aria-hidden="true">
                      {PROVIDER_NAMES[provider].charAt(0)}
                    </span>
                    {tLogin('continueWith', { provider: PROVIDER_NAMES[provider] })}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {social.length > 0 && email && (
            <p className={authStyles.divider} aria-hidden="true">
              {tLogin('or')}
            </p>
          )}
          {email && (
            <>
              <ScreenIntl namespaces={['Auth', 'Login', 'Errors']}>
                <LoginForm callbackUrl={TRANSFER_PATHS.confirm} />
              </ScreenIntl>
              <ul className={authStyles.footerLinks}>
                <li>
                  <Link href={routes.resetPassword} prefetch={false}>
                    {t('forgotPassword')}
                  </Link>
                </li>
              </ul>
            </>
          )}
        </>
      ) : (
        <p className={styles.closed} role="status" data-testid="transfer-closed">
          {period.endsAt ? t('closed', { end: formatDateTime(brand, period.endsAt) }) : t('noTransfer')}
        </p>
      )}
    </div>
  );
}
