import { NIGHT_PUSH_END, NIGHT_PUSH_START } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AccountScreen } from '@/components/account/AccountScreen';
import { PushSettings } from '@/components/account/PushSettings';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/navigation/routes';
import { requireSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Settings');
  return { title: t('title'), robots: { index: false } };
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** /setting/push (spec §2): the member's notification consents, each saved at once. */
export default async function PushSettingsPage() {
  const { user } = await requireSession(routes.pushSettings);
  const t = await getT('Settings');
  return (
    <AccountScreen title={t('title')} intro={t('intro')}>
      <ScreenIntl namespaces={['Settings', 'Errors']}>
        <PushSettings user={user} nightStart={hour(NIGHT_PUSH_START)} nightEnd={hour(NIGHT_PUSH_END)} />
      </ScreenIntl>
      <p>
        <Link href={routes.profile}>{t('backToProfile')}</Link>
      </p>
    </AccountScreen>
  );
}
