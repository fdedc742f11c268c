import type { BrandConfig, TransferStatus } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { formatDateTime } from '@/lib/transfer/load';
import { TRANSFER_PATHS } from '@/lib/transfer/paths';
import styles from './Transfer.module.css';
import { TransferContents } from './TransferContents';

/**
 * /transfer/note (spec §1, §2): the service merges into another provider's; what a transfer
 * moves, that it happens once and cannot be undone, until when, and the way in (or, after the
 * end, that the transfer has closed).
 */
export async function TransferNote({ brand, status }: { brand: BrandConfig; status: TransferStatus }) {
  const t = await getT('Transfer');
  const { period, transfer } = status;
  return (
    <div className={styles.screen} data-testid="transfer-note">
      <h1 className={styles.title}>{t('noteTitle')}</h1>
      <p className={styles.lead}>{t('noteLead', { product: brand.product })}</p>
      {period.endsAt === null ? (
        <p className={styles.closed} data-testid="transfer-none">
          {t('noTransfer')}
        </p>
      ) : (
        <>
          <TransferContents />
          <section className={styles.card} aria-labelledby="transfer-rules">
            <h2 id="transfer-rules">{t('rulesTitle')}</h2>
            <ul className={styles.list}>
              <li>{t('ruleOnce')}</li>
              <li>{t('ruleIrreversible')}</li>
              <li>{t('ruleClosed')}</li>
            </ul>
            <p className={styles.period} data-testid="transfer-period">
              {t('periodEnds', { end: formatDateTime(brand, period.endsAt) })}
            </p>
          </section>
          {transfer ? (
            <div className={styles.actions}>
              <Link className="button" href={TRANSFER_PATHS.status} prefetch={false} data-testid="transfer-see-status">
                {t('seeStatus')}
              </Link>
            </div>
          ) : period.open ? (
            <div className={styles.actions}>
              <Link className="button" href={TRANSFER_PATHS.login} prefetch={false} data-testid="transfer-start">
                {t('start')}
              </Link>
            </div>
          ) : (
            <p className={styles.closed} role="status" data-testid="transfer-closed">
              {t('closed', { end: formatDateTime(brand, period.endsAt) })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
