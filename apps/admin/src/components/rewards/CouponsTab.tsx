import { type AdminCoupon, AdminCouponPage, type BrandConfig, formatPrice } from '@balcony/contracts';
import { DataTable } from '@/components/ui/DataTable';
import { Pager } from '@/components/ui/Pager';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole } from '@/lib/console';
import { formatInstant } from '@/lib/format';
import { pageParam, type SearchParams } from '@/lib/search-params';
import { AddCodesForm } from './AddCodesForm';
import { CreateCouponForm } from './CreateCouponForm';

type T = Awaited<ReturnType<typeof getT>>;

/** What a coupon gives, in a few words. */
function grantOf(coupon: AdminCoupon, brand: BrandConfig, t: T, coinTypes: T): string {
  switch (coupon.kind) {
    case 'COIN':
      return t('grant.coin', { coins: coupon.coins ?? 0, type: coupon.coinType ? coinTypes(coupon.coinType) : '' });
    case 'DISCOUNT':
      return coupon.discountPercent !== null
        ? t('grant.percent', { percent: coupon.discountPercent })
        : t('grant.amount', { amount: formatPrice(brand, coupon.discountAmount ?? 0) });
    default:
      return t(`grant.${coupon.kind}`, { episode: coupon.episodeId ?? 0 });
  }
}

/** The brand's coupons, newest first, each with a form to add codes; and a new coupon. */
export async function CouponsTab({ search }: { search: SearchParams }) {
  const { brand, locale } = await getConsole();
  const [t, coinTypes] = await Promise.all([getT('Rewards'), getT('CoinTypes')]);
  const list = await api('/admin/coupons', AdminCouponPage, { query: { page: pageParam(search) } });
  return (
    <section aria-labelledby="coupons-title">
      <h2 id="coupons-title">{t('coupons.title')}</h2>
      {list.items.length === 0 ? (
        <p>{t('coupons.empty')}</p>
      ) : (
        <DataTable
          caption={t('coupons.title')}
          columns={[
            t('coupons.name'),
            t('coupons.gives'),
            t('coupons.codes'),
            t('coupons.registrations'),
            t('coupons.period'),
            t('coupons.addCodes'),
          ]}
        >
          {list.items.map((coupon) => (
            <tr key={coupon.id}>
              <td>
                {coupon.name} <span className={ui.muted}>#{coupon.id}</span>
              </td>
              <td>{grantOf(coupon, brand, t, coinTypes)}</td>
              <td>
                {coupon.codeCount}
                {coupon.usesLeft !== null ? (
                  <div className={ui.muted}>{t('coupons.usesLeft', { count: coupon.usesLeft })}</div>
                ) : null}
              </td>
              <td>{coupon.registrations}</td>
              <td>
                {formatInstant(coupon.startsAt ?? coupon.createdAt, locale, brand.timeZone)}
                {' – '}
                {coupon.endsAt ? formatInstant(coupon.endsAt, locale, brand.timeZone) : t('coupons.noEnd')}
              </td>
              <td>
                <AddCodesForm couponId={coupon.id} couponName={coupon.name} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager pathname="/rewards" params={{ tab: 'coupons' }} page={list.page} size={list.size} total={list.total} />
      <h2>{t('coupons.createTitle')}</h2>
      <CreateCouponForm timeZone={brand.timeZone} minorUnits={brand.currencyMinorUnits} currency={brand.currency} />
    </section>
  );
}
