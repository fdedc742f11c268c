import {
  type BrandConfig,
  formatCoins,
  formatDate,
  formatPoints,
  GIFT_PAST_DAYS,
  type Gift,
  type GiftBox,
  RENTAL_MS,
} from '@balcony/contracts';
import Link from 'next/link';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { episodeNumbers } from '@/lib/gifts/gifts';
import { routes } from '@/lib/navigation/routes';
import { ReceiveAllButton, ReceiveButton } from './GiftActions';
import styles from './Gifts.module.css';

type GiftsT = Awaited<ReturnType<typeof getT<'Gifts'>>>;
type CoinTypesT = Awaited<ReturnType<typeof getT<'CoinTypes'>>>;

/** What a gift gives, in words: "50 bonus coins, valid 10 days once received", or the episodes. */
function What({ gift, brand, t, tType }: { gift: Gift; brand: BrandConfig; t: GiftsT; tType: CoinTypesT }) {
  if (gift.coins) {
    const { type, amount, validDays } = gift.coins;
    const n = type === 'MILEAGE' ? formatPoints(amount, brand.locale) : formatCoins(amount, brand.locale);
    return (
      <span className={styles.what}>
        {n} {tType(type)}
        {validDays !== null && <span className={styles.meta}> · {t('coinsValid', { days: validDays })}</span>}
      </span>
    );
  }
  if (!gift.episodes) return null;
  const { seriesId, seriesTitle, episodeNumbers: numbers } = gift.episodes;
  const values = { series: seriesTitle, count: numbers.length, numbers: episodeNumbers(numbers) };
  return (
    <span className={styles.what}>
      <Link href={routes.detail(seriesId)} prefetch={false} data-testid="gift-series-link">
        {gift.kind === 'RENT_GIFT' ? t('rent', { ...values, hours: RENTAL_MS / 3_600_000 }) : t('keep', values)}
      </Link>
    </span>
  );
}

function When({ gift, brand, t }: { gift: Gift; brand: BrandConfig; t: GiftsT }) {
  const [key, at] =
    gift.status === 'RECEIVED' && gift.receivedAt
      ? (['receivedOn', gift.receivedAt] as const)
      : gift.status === 'EXPIRED'
        ? (['expiredOn', gift.expiredAt ?? gift.expiresAt] as const)
        : (['receiveBy', gift.expiresAt] as const);
  return (
    <span className={styles.meta}>
      <time dateTime={at}>{t(key, { date: formatDate(brand, at) })}</time> ·{' '}
      {gift.targetType === 'MAIL' ? t('toAddress') : t('toYou')}
    </span>
  );
}

/** /gift (spec §2 gift box): waiting gifts with their receive buttons, then the recent past. */
export async function GiftBoxScreen({ box }: { box: GiftBox }) {
  const brand = await getRequestBrand();
  const t = await getT('Gifts');
  const tType = await getT('CoinTypes');
  const card = (gift: Gift, past: boolean) => (
    <li
      key={gift.id}
      className={past ? `${styles.gift} ${styles.past}` : styles.gift}
      data-testid={past ? 'gift-past' : 'gift-waiting'}
      data-gift-id={gift.id}
      data-status={gift.status}
    >
      <span className={styles.body}>
        <span className={styles.giftTitle}>{gift.title}</span>
        {gift.message && <span className={styles.meta}>{gift.message}</span>}
        <What gift={gift} brand={brand} t={t} tType={tType} />
        <When gift={gift} brand={brand} t={t} />
      </span>
      {!past && <ReceiveButton giftId={gift.id} title={gift.title} />}
    </li>
  );
  return (
    <div className={styles.screen} data-testid="gift-box">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <ScreenIntl namespaces={['Gifts', 'Errors']}>
        <section aria-labelledby="gifts-waiting">
          <div className={styles.sectionHead}>
            <h2 id="gifts-waiting">{t('waitingHeading')}</h2>
            {box.waitingCount > 1 && <ReceiveAllButton count={box.waitingCount} />}
          </div>
          {box.waiting.length === 0 ? (
            <p className={styles.empty} data-testid="gift-empty">
              {t('empty')}
            </p>
          ) : (
            <ul className={styles.list}>{box.waiting.map((g) => card(g, false))}</ul>
          )}
        </section>
      </ScreenIntl>
      {box.past.length > 0 && (
        <section aria-labelledby="gifts-past">
          <div className={styles.sectionHead}>
            <h2 id="gifts-past">{t('pastHeading', { days: GIFT_PAST_DAYS })}</h2>
          </div>
          <ul className={styles.list}>{box.past.map((g) => card(g, true))}</ul>
        </section>
      )}
    </div>
  );
}
