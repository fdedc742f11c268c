import { IDENTITY_ENCODE_FIELD } from '@balcony/contracts';
import type { Metadata } from 'next';
import { CarrierSandbox } from '@/components/identity/CarrierSandbox';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { firstParam } from '@/lib/auth/callbacks';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('CarrierIdentity');
  return { title: t('sandboxTitle'), robots: { index: false } };
}

/**
 * The sandbox carrier identity service's page (decision 0270), where GET /nice/encode's popup form
 * goes while IDENTITY_SANDBOX is on; the api refuses its answers when it is off.
 */
export default async function CarrierSandboxPage({ searchParams }: PageProps<'/callback/auth-mobilians/sandbox'>) {
  const encodeData = firstParam((await searchParams)[IDENTITY_ENCODE_FIELD]) ?? null;
  return (
    <ScreenIntl namespaces={['CarrierIdentity', 'Errors']}>
      <CarrierSandbox encodeData={encodeData} />
    </ScreenIntl>
  );
}
