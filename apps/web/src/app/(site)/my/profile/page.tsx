import { hasBirthDate, isAdult, showAdult, showBl } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/account/Account.module.css';
import { AccountScreen } from '@/components/account/AccountScreen';
import { DisplaySettings } from '@/components/account/DisplaySettings';
import { NicknameForm } from '@/components/account/NicknameForm';
import formStyles from '@/components/ui/Form.module.css';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { providerName } from '@/lib/account/providers';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { requireSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Profile');
  return { title: t('title'), robots: { index: false } };
}

/** /my/profile: nickname, adult and BL display (spec §4), and the way to the other account screens. */
export default async function ProfilePage() {
  const { user } = await requireSession(routes.profile);
  const brand = await getRequestBrand();
  const t = await getT('Profile');
  const ctx = { brand, platform: 'WEB' as const, user };
  const verified = isAdult(user) && hasBirthDate(brand, user);
  const provider = providerName(user.snsProvider);
  return (
    <AccountScreen title={t('title')}>
      <p className={formStyles.hint} data-testid="account-identity">
        {provider ? t('loggedInWith', { provider }) : user.email ? t('loggedInAs', { email: user.email }) : null}
      </p>
      <ScreenIntl namespaces={['Profile', 'AdultPopup', 'Errors']}>
        <section className={styles.section} aria-labelledby="nickname-heading">
          <h2 id="nickname-heading">{t('nicknameHeading')}</h2>
          <NicknameForm nickname={user.nickname ?? ''} />
        </section>
        <section className={styles.section} aria-labelledby="display-heading">
          <h2 id="display-heading">{t('displayHeading')}</h2>
          <DisplaySettings
            brand={brand}
            showAdult={showAdult(ctx)}
            canShowAdult={verified}
            showBl={showBl(ctx)}
            blToggle={brand.blHiddenInApp}
            popupMode={{
              check: brand.adultCheck,
              member: { alreadyAdult: verified },
              loginHref: routes.login(routes.profile),
            }}
          />
        </section>
      </ScreenIntl>
      <section className={styles.section} aria-labelledby="account-heading">
        <h2 id="account-heading">{t('accountHeading')}</h2>
        <ul className={styles.links}>
          <li>
            <Link href={routes.changePassword}>{t('changePassword')}</Link>
          </li>
          <li>
            <Link href={routes.pushSettings}>{t('settings')}</Link>
          </li>
          <li>
            <Link href={routes.withdrawal}>{t('withdrawal')}</Link>
          </li>
        </ul>
      </section>
    </AccountScreen>
  );
}
