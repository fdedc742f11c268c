import type { Metadata } from 'next';
import { AccountScreen } from '@/components/account/AccountScreen';
import { NewPasswordForm } from '@/components/account/NewPasswordForm';
import { type CountryOption, ResetRequest } from '@/components/account/ResetRequest';
import formStyles from '@/components/ui/Form.module.css';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { COUNTRY_CALLING_CODES, DEFAULT_REGION } from '@/lib/account/phone';
import { getRequestBrand } from '@/lib/brand/brand';
import { parseId } from '@/lib/navigation/params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Password');
  // The link's query holds a one-time secret: keep the page out of indexes and referrers.
  return { title: t('resetTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

/** The country list, named in the brand's language on the server (so the browser renders the same). */
async function countryOptions(): Promise<{ countries: CountryOption[]; defaultRegion: string }> {
  const brand = await getRequestBrand();
  const names = new Intl.DisplayNames([brand.locale], { type: 'region' });
  const collator = new Intl.Collator(brand.locale);
  const defaultRegion = DEFAULT_REGION[brand.locale];
  const countries = COUNTRY_CALLING_CODES.map(({ region, code }) => ({
    region,
    code,
    label: `${names.of(region) ?? region} (+${code})`,
  })).sort((a, b) =>
    a.region === defaultRegion ? -1 : b.region === defaultRegion ? 1 : collator.compare(a.label, b.label),
  );
  return { countries, defaultRegion };
}

/**
 * /mail/resetPassword (spec §2): with the `userId` and `uuid` of a mailed link, the new-password
 * form; otherwise the request of a reset by e-mail or by SMS.
 */
export default async function ResetPasswordPage({ searchParams }: PageProps<'/mail/resetPassword'>) {
  const t = await getT('Password');
  const { userId, uuid } = await searchParams;
  const id = typeof userId === 'string' ? parseId(userId) : null;
  const secret = typeof uuid === 'string' && uuid.length > 0 && uuid.length <= 128 ? uuid : null;
  const brokenLink = (userId !== undefined || uuid !== undefined) && !(id && secret);

  if (id && secret) {
    return (
      <AccountScreen title={t('resetTitle')}>
        <ScreenIntl namespaces={['Password', 'Errors']}>
          <NewPasswordForm userId={id} uuid={secret} />
        </ScreenIntl>
      </AccountScreen>
    );
  }
  const { countries, defaultRegion } = await countryOptions();
  return (
    <AccountScreen title={t('resetTitle')} intro={t('resetIntro')}>
      {brokenLink && (
        <p className={formStyles.error} role="alert">
          {t('invalidLink')}
        </p>
      )}
      <ScreenIntl namespaces={['Password', 'Errors']}>
        <ResetRequest countries={countries} defaultRegion={defaultRegion} />
      </ScreenIntl>
    </AccountScreen>
  );
}
