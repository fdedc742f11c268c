import { type BrandConfig, type CouponPage, formatDate, formatPrice, type MemberCoupon } from '@balcony/contracts';
import Link from 'next/link';
import tabStyles from '@/components/home/HomeTabs.module.css';
import { Pager } from '@/components/library/Pager';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { COUPON_TABS, couponPath } from '@/lib/coupons/coupons';
import { pageCount } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { CouponRegisterForm } from './CouponRegisterForm';
import styles from './Coupons.module.css';

type CouponsT = Awaited<ReturnType<typeof getT<'Coupons'>>>;
type TypesT = Awaited<ReturnType<typeof getT<'CoinTypes'>>>;

/** What a coupon gives, in words: coins of a type, a discount from a minimum, or an episode. */
function gives(coupon: MemberCoupon, brand: BrandConfig, t: CouponsT, tType: TypesT): string {
  switch (coupon.kind) {
    case 'COIN':
      return t('gives.COIN', { coins: coupon.coins ?? 0, type: tType(coupon.coinType ?? 'COIN') });
    case 'DISCOUNT': {
      const off =
        coupon.discountPercent !== null
          ? t('gives.PERCENT', { percent: coupon.discountPercent })
          : t('gives.AMOUNT', { amount: formatPrice(brand, coupon.discountAmount ?? 0) });
      return coupon.minimumAmount
        ? `${off}, ${t('gives.minimum', { amount: formatPrice(brand, coupon.minimumAmount) })}`
        : off;
    }
    case 'EPISODE_RENT':
    case 'EPISODE_POSSESSION':
      return t(`gives.${coupon.kind}`, {
        number: coupon.episode?.number ?? 0,
        series: coupon.episode?.seriesTitle ?? '',
      });
  }
}

/** The dates a member wants to know: when registered, until when to use it, when used, until when what it gave lasts. */
function dates(coupon: MemberCoupon, brand: BrandConfig, t: CouponsT): string {
  const day = (iso: string) => formatDate(brand, iso);
  return [
    t('registeredOn', { date: day(coupon.registeredAt) }),
    coupon.status !== 'USED' && coupon.expiresAt ? t('expiresOn', { date: day(coupon.expiresAt) }) : null,
    coupon.kind === 'DISCOUNT' && coupon.usedAt ? t('usedOn', { date: day(coupon.usedAt) }) : null,
    coupon.grantExpiresAt ? t('lastsUntil', { date: day(coupon.grantExpiresAt) }) : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/** What a coupon offers next: the shop for a discount to use, the episode a ticket gave. */
function Action({ coupon, t }: { coupon: MemberCoupon; t: CouponsT }) {
  if (coupon.kind === 'DISCOUNT' && coupon.status === 'UNUSED') {
    return (
      <Link href={routes.shop} prefetch={false} className="button button-secondary" data-testid="coupon-to-shop">
        {t('toShop')}
      </Link>
    );
  }
  if (coupon.episode) {
    return (
      <Link href={routes.viewer(coupon.episode.id)} prefetch={false} data-testid="coupon-to-episode">
        {t('toEpisode')}
      </Link>
    );
  }
  if (coupon.kind === 'COIN') {
    return (
      <Link href={routes.history(coupon.coinType === 'MILEAGE' ? 'mileage' : 'charge')} prefetch={false}>
        {t('toHistory')}
      </Link>
    );
  }
  return null;
}

/** /coupon: register a code, then the member's coupons of one tab, a page at a time. */
export async function CouponScreen({ data }: { data: CouponPage }) {
  const brand = await getRequestBrand();
  const t = await getT('Coupons');
  const tType = await getT('CoinTypes');
  return (
    <div className={styles.screen} data-testid="coupons">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <ScreenIntl namespaces={['Coupons', 'CoinTypes', 'Errors']}>
        <CouponRegisterForm />
      </ScreenIntl>
      <nav aria-label={t('tabsLabel')} className={tabStyles.tabs}>
        <ul>
          {COUPON_TABS.map((tab) => (
            <li key={tab}>
              <Link
                href={couponPath(tab)}
                aria-current={tab === data.tab ? 'page' : undefined}
                data-testid={`coupon-tab-${tab}`}
              >
                {t(`tabs.${tab}`, { count: data.counts[tab] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.items.length === 0 ? (
        <p className={styles.empty} data-testid="coupon-empty">
          {t(`empty.${data.tab}`)}
        </p>
      ) : (
        <ul className={styles.list} aria-label={t(`tabs.${data.tab}`, { count: data.counts[data.tab] })}>
          {data.items.map((coupon) => (
            <li
              key={coupon.id}
              className={styles.entry}
              data-testid="coupon-entry"
              data-kind={coupon.kind}
              data-status={coupon.status}
            >
              <span className={styles.body}>
                <span className={styles.name}>{coupon.name}</span>
                <span data-testid="coupon-gives">{gives(coupon, brand, t, tType)}</span>
                <span className={styles.meta} data-testid="coupon-dates">
                  {dates(coupon, brand, t)}
                </span>
              </span>
              <span className={styles.side}>
                <span className={styles.status}>{t(`status.${coupon.status}`)}</span>
                <Action coupon={coupon} t={t} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} count={pageCount(data.total, data.size)} hrefFor={(page) => couponPath(data.tab, page)} />
    </div>
  );
}
