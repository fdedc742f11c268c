import { NIGHT_PUSH_END, NIGHT_PUSH_START } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/account/Account.module.css';
import { AccountScreen } from '@/components/account/AccountScreen';
import { ClearCache } from '@/components/account/ClearCache';
import { PushSettings } from '@/components/account/PushSettings';
import { BrowserPush } from '@/components/notifications/BrowserPush';
import { CompanyDetails } from '@/components/support/CompanyDetails';
import { ConsentSettings } from '@/components/tracking/ConsentSettings';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { providerName } from '@/lib/account/providers';
import { loadPageData } from '@/lib/api/page-data';
import { fetchPolicy } from '@/lib/api/support';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { requireSession } from '@/lib/session/server';
import { asksConsent } from '@/lib/tracking/consent';
import webPackage from '../../../../../package.json';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Settings');
  return { title: t('title'), robots: { index: false } };
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * /setting/push, the app settings screen (spec §2; decision 0220): push and e-mail consents, each
 * saved at once; the account; clearing what this browser keeps; the app's version, the terms, the
 * privacy policy and the company running the brand.
 */
export default async function SettingsPage() {
  const { user } = await requireSession(routes.pushSettings);
  const brand = await getRequestBrand();
  const t = await getT('Settings');
  const tProfile = await getT('Profile');
  const tAddress = await getT('Address');
  const terms = await loadPageData(fetchPolicy(brand, 'TERMS', undefined), []);
  const company = terms.ok ? terms.data.company : null;
  const provider = providerName(user.snsProvider);
  return (
    <AccountScreen title={t('title')} intro={t('intro')}>
      <ScreenIntl namespaces={['Settings', 'Notifications', 'Errors', 'Consent']}>
        <PushSettings user={user} nightStart={hour(NIGHT_PUSH_START)} nightEnd={hour(NIGHT_PUSH_END)} />
        <BrowserPush />
        <section className={styles.section} aria-labelledby="settings-account">
          <h2 id="settings-account">{t('accountHeading')}</h2>
          <p data-testid="settings-identity">
            {provider
              ? tProfile('loggedInWith', { provider })
              : user.email
                ? tProfile('loggedInAs', { email: user.email })
                : null}
          </p>
          <ul className={styles.links}>
            <li>
              <Link href={routes.profile}>{tProfile('title')}</Link>
            </li>
            <li>
              <Link href={routes.address} data-testid="settings-address">
                {tAddress('settingsLink')}
              </Link>
            </li>
            {user.snsProvider === null && (
              <li>
                <Link href={routes.changePassword}>{tProfile('changePassword')}</Link>
              </li>
            )}
            <li>
              <Link href={routes.withdrawal} data-testid="settings-withdrawal">
                {tProfile('withdrawal')}
              </Link>
            </li>
          </ul>
        </section>
        {asksConsent(brand.id) && <ConsentSettings />}
        <ClearCache brand={brand.id} />
      </ScreenIntl>
      <section className={styles.section} aria-labelledby="settings-about">
        <h2 id="settings-about">{t('aboutHeading')}</h2>
        <p data-testid="app-version">{t('version', { product: brand.product, version: webPackage.version })}</p>
        <ul className={styles.links}>
          <li>
            <Link href={routes.policy()} prefetch={false}>
              {t('terms')}
            </Link>
          </li>
          <li>
            <Link href={routes.privacy()} prefetch={false}>
              {t('privacy')}
            </Link>
          </li>
          <li>
            <Link href={routes.faq()} prefetch={false}>
              {t('help')}
            </Link>
          </li>
        </ul>
        {company && (
          <>
            <h3 className={styles.subheading}>{t('companyHeading')}</h3>
            <CompanyDetails company={company} />
          </>
        )}
      </section>
    </AccountScreen>
  );
}
