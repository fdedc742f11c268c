import type { Metadata } from 'next';
import { ErrorScreen } from '@/components/errors/ErrorScreen';
import { getT } from '@/i18n/server';
import { messageCode } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('ErrorPage');
  return { title: t('title'), robots: { index: false } };
}

/** /error (spec §2): the error screen for a code passed in `?code=` (unknown codes read as INTERNAL_ERROR). */
export default async function ErrorPage({ searchParams }: PageProps<'/error'>) {
  const { code } = await searchParams;
  return (
    <ErrorScreen code={typeof code === 'string' ? messageCode(code) : 'INTERNAL_ERROR'} returnPath={routes.home} />
  );
}
