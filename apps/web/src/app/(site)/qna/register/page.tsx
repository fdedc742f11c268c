import type { Metadata } from 'next';
import { ContactRegisterScreen } from '@/components/contact/ContactRegisterScreen';
import { getT } from '@/i18n/server';
import { CONTACT_REGISTER_PATH } from '@/lib/contact/contact';
import { loadContactPage } from '@/lib/contact/load';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Contact');
  return { title: t('registerTitle'), robots: { index: false } };
}

/** /qna/register (spec §2, login required by §6): file a contact request with up to 3 images. */
export default async function ContactRegisterPage({ searchParams }: PageProps<'/qna/register'>) {
  const data = await loadContactPage(CONTACT_REGISTER_PATH, await searchParams, 1, 1);
  return <ContactRegisterScreen today={data.today} />;
}
