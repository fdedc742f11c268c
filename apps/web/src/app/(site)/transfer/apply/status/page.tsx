import type { Metadata } from 'next';
import { TransferStatusScreen } from '@/components/transfer/TransferStatusScreen';
import { getT } from '@/i18n/server';
import { requireMember } from '@/lib/auth/require-member';
import { getRequestBrand } from '@/lib/brand/brand';
import { loadTransferStatus } from '@/lib/transfer/load';
import { TRANSFER_PATHS } from '@/lib/transfer/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Transfer');
  return { title: t('statusTitle'), robots: { index: false } };
}

/** /transfer/apply/status (spec §2): the member's transfer and its signed file. Login required. */
export default async function TransferStatusPage() {
  await requireMember(TRANSFER_PATHS.status);
  return <TransferStatusScreen brand={await getRequestBrand()} status={await loadTransferStatus()} />;
}
