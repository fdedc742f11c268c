import { type BrandConfig, formatCoins, formatPoints, type TransferStatus } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { formatDateTime } from '@/lib/transfer/load';
import { TRANSFER_PATHS } from '@/lib/transfer/paths';
import styles from './Transfer.module.css';

/**
 * /transfer/apply/status (spec §2): the member's transfer, what it moved and the consent as it
 * was recorded, with the signed file to download; before a transfer, where they stand.
 */
export async function TransferStatusScreen({ brand, status }: { brand: BrandConfig; status: TransferStatus }) {
  const t = await getT('Transfer');
  const tType = await getT('CoinTypes');
  const { transfer, period } = status;
  if (!transfer) {
    return (
      <div className={styles.screen} data-testid="transfer-status">
        <h1 className={styles.title}>{t('statusTitle')}</h1>
        <p className={styles.lead} data-testid="transfer-status-state">
          {t('statusNone')}
        </p>
        <div className={styles.actions}>
          <Link className="button button-secondary" href={TRANSFER_PATHS.note} prefetch={false}>
            {t('backToNote')}
          </Link>
          {period.open && (
            <Link className="button" href={TRANSFER_PATHS.login} prefetch={false}>
              {t('start')}
            </Link>
          )}
        </div>
      </div>
    );
  }
  const { summary, consent } = transfer;
  const coins = (n: number) => formatCoins(n, brand.locale);
  return (
    <div className={styles.screen} data-testid="transfer-status">
      <h1 className={styles.title}>{t('statusTitle')}</h1>
      <p className={styles.lead} data-testid="transfer-status-state">
        {t('statusDone', { at: formatDateTime(brand, transfer.transferredAt) })}
      </p>
      <section className={styles.card} aria-labelledby="transfer-moved">
        <h2 id="transfer-moved">{t('movedTitle')}</h2>
        <dl className={styles.facts} data-testid="transfer-summary">
          <dt>{tType('COIN')}</dt>
          <dd>{coins(summary.coins.coin)}</dd>
          <dt>{tType('FREE_COIN')}</dt>
          <dd>{coins(summary.coins.freeCoin)}</dd>
          <dt>{tType('BONUS')}</dt>
          <dd>{coins(summary.coins.bonus)}</dd>
          <dt>{tType('MILEAGE')}</dt>
          <dd>{formatPoints(summary.coins.mileage, brand.locale)}</dd>
          <dt>{t('movedLots')}</dt>
          <dd>{summary.lots}</dd>
          <dt>{t('movedOwnerships')}</dt>
          <dd>{t('ownershipCount', { count: summary.ownerships, rentals: summary.rentals })}</dd>
          <dt>{t('movedLibrary')}</dt>
          <dd>{summary.library}</dd>
          <dt>{t('movedFavorites')}</dt>
          <dd>{summary.favorites}</dd>
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="transfer-consent-given">
        <h2 id="transfer-consent-given">{t('consentTitle')}</h2>
        <p className={styles.lead}>
          {t('consentRecorded', { at: formatDateTime(brand, consent.at), version: consent.version })}
        </p>
      </section>
      <div className={styles.actions}>
        {/* A navigation, not a fetch: the browser saves the file the front proxy passes on. */}
        <a className="button" href={TRANSFER_PATHS.file} download data-testid="transfer-download">
          {t('download')}
        </a>
      </div>
      <p className={styles.lead}>{t('downloadHint')}</p>
    </div>
  );
}
