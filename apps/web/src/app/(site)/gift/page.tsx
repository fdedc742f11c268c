import type { Metadata } from 'next';
import { GiftBoxScreen } from '@/components/gifts/GiftBoxScreen';
import { getT } from '@/i18n/server';
import { loadGiftBox } from '@/lib/gifts/load';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Gifts');
  return { title: t('title'), robots: { index: false } };
}

/** /gift (spec §2): the member's gift box. Login required: a visitor goes to sign-in and back. */
export default async function GiftPage({ searchParams }: PageProps<'/gift'>) {
  return <GiftBoxScreen box={await loadGiftBox(await searchParams)} />;
}
