import type { Metadata } from 'next';
import { LoginCallback } from '@/components/auth/LoginCallback';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { firstParam, viewerReturnPath } from '@/lib/auth/callbacks';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Callback');
  return { title: t('signingIn'), robots: { index: false } };
}

/** /callback/viewer-login-success (spec §2): a login from the viewer goes back to its episode (`episodeId`). */
export default async function ViewerLoginSuccessPage({ searchParams }: PageProps<'/callback/viewer-login-success'>) {
  const params = await searchParams;
  const target = viewerReturnPath(firstParam(params.episodeId), firstParam(params.callbackUrl));
  return (
    <ScreenIntl namespaces={['Callback']}>
      <LoginCallback target={target} />
    </ScreenIntl>
  );
}
