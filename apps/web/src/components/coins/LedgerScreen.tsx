import {
  type BrandConfig,
  type CoinLot,
  type CoinLotsResponse,
  formatCoins,
  formatDate,
  type HistoryReference,
  LEDGER_EMPTIED_LOTS_MAX,
  type LotUse,
} from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { signedAmount } from '@/lib/coins/history';
import { checkLedger, type LedgerCheck, splitLots } from '@/lib/coins/ledger';
import { routes } from '@/lib/navigation/routes';
import styles from './Ledger.module.css';

type LedgerT = Awaited<ReturnType<typeof getT<'Ledger'>>>;
type HistoryT = Awaited<ReturnType<typeof getT<'History'>>>;
type TypesT = Awaited<ReturnType<typeof getT<'CoinTypes'>>>;

interface Texts {
  t: LedgerT;
  tHistory: HistoryT;
  tType: TypesT;
  brand: BrandConfig;
  /** The time of the request (ms): an expiry before it is told as past. */
  now: number;
}

/** The episode(s) a use paid for, linked, as the histories write them. */
function EpisodeReference({
  reference,
  texts,
}: {
  reference: Extract<HistoryReference, { kind: 'EPISODE' }>;
  texts: Texts;
}) {
  const { tHistory } = texts;
  const single = reference.episodeId !== null && reference.episodeNumber !== null && reference.episodeCount <= 1;
  const href =
    single && reference.episodeId !== null
      ? routes.detailEpisode(reference.seriesId, reference.episodeId)
      : routes.detail(reference.seriesId);
  return (
    <>
      {tHistory(`purchaseKinds.${reference.purchase}`)} ·{' '}
      <Link href={href} prefetch={false} data-testid="ledger-use-episode">
        {single && reference.episodeNumber !== null
          ? tHistory('episode', { series: reference.seriesTitle, number: reference.episodeNumber })
          : tHistory('episodes', { series: reference.seriesTitle, count: reference.episodeCount })}
      </Link>
    </>
  );
}

function Use({ use, texts }: { use: LotUse; texts: Texts }) {
  const { t, brand } = texts;
  return (
    <li className={styles.use} data-testid="ledger-use" data-kind={use.kind} data-amount={use.amount}>
      <span className={styles.useBody}>
        <span>
          {use.reference?.kind === 'EPISODE' ? (
            <EpisodeReference reference={use.reference} texts={texts} />
          ) : (
            t(`useKinds.${use.kind}`)
          )}
        </span>
        {use.kind !== 'EPISODE' && use.reference?.kind === 'NOTE' && (
          <span className={styles.meta}>{use.reference.note}</span>
        )}
        <time className={styles.meta} dateTime={use.createdAt}>
          {formatDate(brand, use.createdAt)}
        </time>
      </span>
      <span className={styles.useAmount}>{signedAmount(-use.amount, (n) => formatCoins(n, brand.locale))}</span>
    </li>
  );
}

/** One lot: where it came from, how many coins it brought and holds, its expiry and state, and where they went. */
function Lot({ lot, texts }: { lot: CoinLot; texts: Texts }) {
  const { t, tType, brand, now } = texts;
  const reference = lot.reference;
  const origin = reference?.kind === 'PRODUCT' ? reference.name : reference?.kind === 'NOTE' ? reference.note : null;
  const expired = lot.expiresAt !== null && Date.parse(lot.expiresAt) <= now;
  return (
    <li
      className={styles.lot}
      data-testid="ledger-lot"
      data-lot-id={lot.id}
      data-status={lot.status}
      data-type={lot.coinType}
      data-origin={lot.origin}
      data-remaining={lot.remaining}
    >
      <div className={styles.lotHead}>
        <h3 className={styles.lotTitle}>
          {t(`origins.${lot.origin}`)}
          {origin && <span className={styles.origin}>{origin}</span>}
        </h3>
        <span className={`${styles.status} ${styles[`status${lot.status}`]}`} data-testid="ledger-lot-status">
          {t(`statuses.${lot.status}`)}
        </span>
      </div>
      <p className={styles.amounts}>
        <span>{t('received', { amount: formatCoins(lot.amount, brand.locale), type: tType(lot.coinType) })}</span>
        <strong className={lot.status === 'OPEN' ? styles.left : styles.leftNone} data-testid="ledger-lot-remaining">
          {t('remaining', { remaining: formatCoins(lot.remaining, brand.locale) })}
        </strong>
      </p>
      <p className={styles.meta}>
        <time dateTime={lot.createdAt}>{t('receivedOn', { date: formatDate(brand, lot.createdAt) })}</time>
        {' · '}
        {lot.expiresAt ? (
          <time dateTime={lot.expiresAt} data-testid="ledger-lot-expiry">
            {t(expired ? 'expiredOn' : 'expiresOn', { date: formatDate(brand, lot.expiresAt) })}
          </time>
        ) : (
          <span data-testid="ledger-lot-expiry">{t('noExpiry')}</span>
        )}
      </p>
      {lot.uses.length === 0 ? (
        <p className={styles.meta}>{t('notUsed')}</p>
      ) : (
        <details className={styles.uses} data-testid="ledger-lot-uses">
          <summary>{t('uses', { count: lot.uses.length })}</summary>
          <ul>
            {lot.uses.map((use) => (
              <Use key={use.transferId} use={use} texts={texts} />
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/** The proof: what the OPEN lots hold, type by type, against the balance of the header. */
function Summary({ check, texts }: { check: LedgerCheck; texts: Texts }) {
  const { t, tType, brand } = texts;
  const coins = (n: number) => formatCoins(n, brand.locale);
  return (
    <section className={styles.summary} aria-labelledby="ledger-summary" data-testid="ledger-summary">
      <h2 id="ledger-summary" className={styles.heading}>
        {t('summaryHeading')}
      </h2>
      <p
        className={check.adds ? styles.adds : styles.doesNotAdd}
        data-testid="ledger-check"
        data-adds={check.adds}
        data-in-lots={check.inLots}
        data-total={check.total}
      >
        <span aria-hidden="true" className={styles.mark}>
          {check.adds ? '✓' : '!'}
        </span>
        {check.adds ? t('adds', { total: check.total }) : t('doesNotAdd', { inLots: check.inLots, total: check.total })}
      </p>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('typeColumn')}</th>
            <th scope="col">{t('inLotsColumn')}</th>
            <th scope="col">{t('balanceColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {check.types.map((row) => (
            <tr key={row.type}>
              <th scope="row">{tType(row.type)}</th>
              <td>{coins(row.inLots)}</td>
              <td>{coins(row.balance)}</td>
            </tr>
          ))}
          <tr className={styles.totalRow}>
            <th scope="row">{t('total')}</th>
            <td data-testid="ledger-sum">{coins(check.inLots)}</td>
            <td data-testid="ledger-balance">{coins(check.total)}</td>
          </tr>
          <tr>
            <th scope="row">{tType('MILEAGE')}</th>
            <td>{coins(check.pointsInLots)}</td>
            <td>{coins(check.points)}</td>
          </tr>
        </tbody>
      </table>
      <p className={styles.actions}>
        <a href={routes.myCoinsCsv} download className="button button-secondary" data-testid="ledger-csv">
          {t('csv')}
        </a>
        <span className={styles.meta}>{t('csvHint')}</span>
      </p>
    </section>
  );
}

/**
 * /my/coins (issue 12 item 6): the member's coins lot by lot — those held, in the order they will
 * be spent, then those used up, expired or refunded lately — and the proof that the lots make the
 * balance of the header, with the same data as a CSV file.
 */
export async function LedgerScreen({ data, now }: { data: CoinLotsResponse; now: number }) {
  const brand = await getRequestBrand();
  const texts: Texts = {
    t: await getT('Ledger'),
    tHistory: await getT('History'),
    tType: await getT('CoinTypes'),
    brand,
    now,
  };
  const { t } = texts;
  const { held, closed } = splitLots(data.lots);
  const check = checkLedger(data.lots, data.balance);
  return (
    <div className={styles.screen} data-testid="ledger">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <p className={styles.links}>
        <Link href={routes.history('charge')} prefetch={false}>
          {t('toHistory')}
        </Link>
      </p>
      {data.lots.length === 0 ? (
        <div className={styles.empty} data-testid="ledger-empty">
          <p>{t('empty')}</p>
          <Link href={routes.shop} className="button" prefetch={false}>
            {t('toShop')}
          </Link>
        </div>
      ) : (
        <>
          <Summary check={check} texts={texts} />
          <section aria-labelledby="ledger-held" className={styles.section}>
            <h2 id="ledger-held" className={styles.heading}>
              {t('heldHeading')}
            </h2>
            <p className={styles.hint}>{t('heldHint')}</p>
            {held.length === 0 ? (
              <p className={styles.hint}>{t('noneHeld')}</p>
            ) : (
              <ul className={styles.lots} data-testid="ledger-held">
                {held.map((lot) => (
                  <Lot key={lot.id} lot={lot} texts={texts} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="ledger-closed" className={styles.section}>
            <h2 id="ledger-closed" className={styles.heading}>
              {t('closedHeading')}
            </h2>
            <p className={styles.hint}>{t('closedHint', { days: data.windowDays })}</p>
            {closed.length === 0 ? (
              <p className={styles.hint}>{t('noneClosed')}</p>
            ) : (
              <ul className={styles.lots} data-testid="ledger-closed">
                {closed.map((lot) => (
                  <Lot key={lot.id} lot={lot} texts={texts} />
                ))}
              </ul>
            )}
            {data.moreEmptied && <p className={styles.hint}>{t('moreEmptied', { count: LEDGER_EMPTIED_LOTS_MAX })}</p>}
          </section>
        </>
      )}
    </div>
  );
}
