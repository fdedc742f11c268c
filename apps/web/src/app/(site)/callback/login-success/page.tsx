import type { Metadata } from 'next';
import { LoginCallback } from '@/components/auth/LoginCallback';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { firstParam } from '@/lib/auth/callbacks';
import { safeReturnPath } from '@/lib/session/redirects';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Callback');
  return { title: t('signingIn'), robots: { index: false } };
}

/** /callback/login-success (spec §2): tells the tabs about the new session, then on to `callbackUrl`. */
export default async function LoginSuccessPage({ searchParams }: PageProps<'/callback/login-success'>) {
  const target = safeReturnPath(firstParam((await searchParams).callbackUrl));
  return (
    <ScreenIntl namespaces={['Callback']}>
      <LoginCallback target={target} />
    </ScreenIntl>
  );
}
