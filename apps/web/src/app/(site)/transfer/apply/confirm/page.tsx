import { TRANSFER_CONSENT_VERSION, type TransferRefusal } from '@balcony/contracts';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import styles from '@/components/transfer/Transfer.module.css';
import { TransferConsentForm } from '@/components/transfer/TransferConsentForm';
import { TransferContents } from '@/components/transfer/TransferContents';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { formatDateTime, loadTransferStatus } from '@/lib/transfer/load';
import { TRANSFER_PATHS } from '@/lib/transfer/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Transfer');
  return { title: t('confirmTitle'), robots: { index: false } };
}

/** Why /transfer/apply/wrong is shown, by the api's refusal. */
const WRONG_REASON: Record<TransferRefusal, string> = {
  LOGIN_REQUIRED: 'login',
  ALREADY_TRANSFERRED: 'done',
  CLOSED: 'closed',
  NO_TRANSFER: 'none',
};

/**
 * /transfer/apply/confirm (spec §2 "consent confirm"): only right after the transfer login,
 * within the period, once; anything else is the invalid-access page.
 */
export default async function TransferConfirmPage() {
  const status = await loadTransferStatus();
  if (status.refusal) redirect(`${TRANSFER_PATHS.wrong}?reason=${WRONG_REASON[status.refusal]}`);
  const brand = await getRequestBrand();
  const t = await getT('Transfer');
  return (
    <div className={styles.screen} data-testid="transfer-confirm">
      <h1 className={styles.title}>{t('confirmTitle')}</h1>
      <p className={styles.lead}>{t('confirmLead', { product: brand.product })}</p>
      <TransferContents>
        {status.period.endsAt && (
          <p className={styles.period}>{t('periodEnds', { end: formatDateTime(brand, status.period.endsAt) })}</p>
        )}
      </TransferContents>
      <ScreenIntl namespaces={['Transfer', 'Errors']}>
        <TransferConsentForm version={TRANSFER_CONSENT_VERSION} />
      </ScreenIntl>
    </div>
  );
}
