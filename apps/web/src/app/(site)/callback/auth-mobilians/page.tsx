import { IDENTITY_ENCODE_FIELD } from '@balcony/contracts';
import type { Metadata } from 'next';
import { CarrierCallback } from '@/components/identity/CarrierCallback';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { firstParam } from '@/lib/auth/callbacks';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('CarrierIdentity');
  return { title: t('checking'), robots: { index: false } };
}

/** /callback/auth-mobilians (spec §2): where the carrier identity service sends the reader back. */
export default async function AuthMobiliansPage({ searchParams }: PageProps<'/callback/auth-mobilians'>) {
  const encodeData = firstParam((await searchParams)[IDENTITY_ENCODE_FIELD]) ?? null;
  return (
    <ScreenIntl namespaces={['CarrierIdentity', 'Errors']}>
      <CarrierCallback encodeData={encodeData} />
    </ScreenIntl>
  );
}
