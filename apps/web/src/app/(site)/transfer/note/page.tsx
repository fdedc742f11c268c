import type { Metadata } from 'next';
import { TransferNote } from '@/components/transfer/TransferNote';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { loadTransferStatus } from '@/lib/transfer/load';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Transfer');
  return { title: t('noteTitle'), robots: { index: false } };
}

/** /transfer/note (spec §2): the transfer explained; where transfer mode sends every other page. */
export default async function TransferNotePage() {
  return <TransferNote brand={await getRequestBrand()} status={await loadTransferStatus()} />;
}
