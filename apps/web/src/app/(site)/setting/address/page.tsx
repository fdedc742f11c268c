import type { Metadata } from 'next';
import Link from 'next/link';
import { AccountScreen } from '@/components/account/AccountScreen';
import { AddressForm } from '@/components/account/AddressForm';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { loadAddress } from '@/lib/account/address';
import { routes } from '@/lib/navigation/routes';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Address');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /setting/address, the address form of spec §3 (decision 0280): the member's one delivery address
 * for event goods and invoices, in a European country. Login required: a visitor goes to sign-in.
 */
export default async function AddressPage({ searchParams }: PageProps<'/setting/address'>) {
  const { address } = await loadAddress(await searchParams);
  const t = await getT('Address');
  return (
    <AccountScreen title={t('title')} intro={t('intro')}>
      <ScreenIntl namespaces={['Address', 'Errors']}>
        <AddressForm address={address} />
      </ScreenIntl>
      <p>
        <Link href={routes.pushSettings}>{t('backToSettings')}</Link>
      </p>
    </AccountScreen>
  );
}
