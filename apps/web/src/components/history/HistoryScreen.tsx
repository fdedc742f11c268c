import {
  COIN_REFUND_DAYS,
  formatCoins,
  formatDate,
  formatPoints,
  type HistoryEntry,
  type HistoryKind,
  type HistoryPage,
} from '@balcony/contracts';
import Link from 'next/link';
import tabStyles from '@/components/home/HomeTabs.module.css';
import { Pager } from '@/components/library/Pager';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { HISTORY_KINDS, mayOfferRefund, signedAmount } from '@/lib/coins/history';
import { pageCount } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import styles from './History.module.css';
import { RefundButton } from './RefundButton';

type HistoryT = Awaited<ReturnType<typeof getT<'History'>>>;

/** Where the coins came from or went: the product, the episode(s) (linked), or a note. */
function Reference({ entry, t }: { entry: HistoryEntry; t: HistoryT }) {
  const reference = entry.reference;
  if (!reference) return null;
  switch (reference.kind) {
    case 'PRODUCT':
      return <span className={styles.meta}>{reference.name}</span>;
    case 'NOTE':
      return <span className={styles.meta}>{reference.note}</span>;
    case 'EPISODE': {
      const single = reference.episodeId !== null && reference.episodeNumber !== null && reference.episodeCount <= 1;
      const text =
        single && reference.episodeNumber !== null
          ? t('episode', { series: reference.seriesTitle, number: reference.episodeNumber })
          : t('episodes', { series: reference.seriesTitle, count: reference.episodeCount });
      const href =
        single && reference.episodeId !== null
          ? routes.detailEpisode(reference.seriesId, reference.episodeId)
          : routes.detail(reference.seriesId);
      return (
        <span className={styles.meta}>
          {t(`purchaseKinds.${reference.purchase}`)} ·{' '}
          <Link href={href} prefetch={false} data-testid="history-episode-link">
            {text}
          </Link>
        </span>
      );
    }
  }
}

/** The coin histories: tabs, the window in days, one page of entries with paging, or the empty state. */
export async function HistoryScreen({ kind, data, now }: { kind: HistoryKind; data: HistoryPage; now: number }) {
  const brand = await getRequestBrand();
  const t = await getT('History');
  const tType = await getT('CoinTypes');
  const amountOf = (n: number) => (kind === 'mileage' ? formatPoints(n, brand.locale) : formatCoins(n, brand.locale));
  return (
    <div className={styles.screen} data-testid={`history-${kind}`}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.window}>
        <Link href={routes.myCoins} prefetch={false} data-testid="history-ledger">
          {t('ledgerLink')}
        </Link>
      </p>
      <nav aria-label={t('tabsLabel')} className={tabStyles.tabs}>
        <ul>
          {HISTORY_KINDS.map((item) => (
            <li key={item}>
              <Link
                href={routes.history(item)}
                aria-current={item === kind ? 'page' : undefined}
                data-testid={`history-tab-${item}`}
              >
                {t(`tabs.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.window} data-testid="history-window">
        {t('window', { days: data.windowDays })}
      </p>
      {kind === 'mileage' && (
        <p className={styles.exchange}>
          <Link
            href={routes.mileageExchange}
            className="button button-secondary"
            prefetch={false}
            data-testid="history-exchange"
          >
            {t('exchangeLink')}
          </Link>
        </p>
      )}
      {data.items.length === 0 ? (
        <div className={styles.empty} data-testid="history-empty">
          <p>{t(`empty.${kind}`)}</p>
          {kind !== 'mileage' && (
            <Link href={routes.shop} className="button" prefetch={false}>
              {t('toShop')}
            </Link>
          )}
        </div>
      ) : (
        <ScreenIntl namespaces={['History', 'Errors']}>
          <ul className={styles.list} aria-label={t(`tabs.${kind}`)}>
            {data.items.map((entry) => (
              <li
                key={entry.id}
                className={styles.entry}
                data-testid="history-entry"
                data-title={entry.title}
                data-amount={entry.amount}
              >
                <span className={styles.body}>
                  <span className={styles.entryTitle}>{t(`titles.${entry.title}`)}</span>
                  <Reference entry={entry} t={t} />
                  <span className={styles.meta}>
                    <time dateTime={entry.createdAt}>{formatDate(brand, entry.createdAt)}</time>
                    {entry.expiresAt && entry.amount > 0 && (
                      <>
                        {' · '}
                        <time dateTime={entry.expiresAt} data-testid="history-expires">
                          {t('expires', { date: formatDate(brand, entry.expiresAt) })}
                        </time>
                      </>
                    )}
                  </span>
                </span>
                <span className={styles.side}>
                  <span className={`${styles.amount} ${entry.amount > 0 ? styles.credit : styles.debit}`}>
                    {signedAmount(entry.amount, amountOf)}{' '}
                    {kind === 'mileage' ? null : <span className={styles.meta}>{tType(entry.coinType)}</span>}
                  </span>
                  {kind === 'charge' &&
                    entry.reference?.kind === 'PRODUCT' &&
                    mayOfferRefund(entry, now, COIN_REFUND_DAYS) && (
                      <RefundButton orderId={entry.reference.orderId} name={entry.reference.name} />
                    )}
                </span>
              </li>
            ))}
          </ul>
        </ScreenIntl>
      )}
      <Pager page={data.page} count={pageCount(data.total, data.size)} hrefFor={(page) => routes.history(kind, page)} />
    </div>
  );
}
