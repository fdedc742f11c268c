import type { Metadata } from 'next';
import { NotFoundScreen } from '@/components/errors/NotFoundScreen';
import { SiteChrome } from '@/components/site/SiteChrome';
import { getT } from '@/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('NotFound');
  return { title: t('title') };
}

/** Unknown paths and every notFound(): it sits above the site layout, so it brings the chrome itself. */
export default function NotFound() {
  return (
    <SiteChrome>
      <NotFoundScreen />
    </SiteChrome>
  );
}
