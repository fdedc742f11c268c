import { formatPrice } from '@balcony/contracts';
import type { Metadata } from 'next';
import { ProductTile } from '@/components/shop/ProductTile';
import styles from '@/components/shop/Shop.module.css';
import { ShopBalance } from '@/components/shop/ShopBalance';
import { ShopForm } from '@/components/shop/ShopForm';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { fetchCoupons, fetchShop } from '@/lib/api/api';
import { pagePath } from '@/lib/auth/page-path';
import { getRequestBrand } from '@/lib/brand/brand';
import { productAvailability, productPrices, shopReturnPath } from '@/lib/coins/shop';
import { discountedPrice, shopDiscounts } from '@/lib/coupons/coupons';
import { routes } from '@/lib/navigation/routes';
import { getStoredSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Shop');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /shop (spec §2, §3 shop items): the brand's coin products for the web channel. Everyone sees
 * them; paying needs a member. `?return=/viewer/123` (a same-site path) is where the complete page
 * offers to go back to after paying, e.g. the episode that needed coins.
 */
export default async function ShopPage({ searchParams }: PageProps<'/shop'>) {
  const query = await searchParams;
  const returnPath = shopReturnPath(query.return);
  const brand = await getRequestBrand();
  const t = await getT('Shop');
  const session = await getStoredSession();
  const [shop, discounts] = await Promise.all([
    fetchShop(brand, session?.accessToken),
    // The member's discounts for the coupon picker; the shop works without them.
    session
      ? fetchCoupons(brand, 'usable', 1, session.accessToken).then(
          (page) => shopDiscounts(page.items),
          () => [],
        )
      : [],
  ]);
  const products = shop.products.map((product) => {
    const pay = productPrices(product).pay;
    const couponPayLabels = Object.fromEntries(
      discounts.map((coupon) => {
        const left = discountedPrice(coupon, pay);
        const label =
          left === null
            ? null
            : t('coupon.pay', { price: formatPrice(brand, left), original: formatPrice(brand, pay) });
        return [coupon.id, label];
      }),
    );
    return {
      id: product.id,
      disabled: productAvailability(product) !== 'available',
      payLabel: t('pay', { price: formatPrice(brand, pay) }),
      couponPayLabels,
      content: <ProductTile product={product} />,
    };
  });
  const coupons = discounts.map((coupon) => ({
    id: coupon.id,
    label:
      coupon.discountPercent !== null
        ? t('coupon.percent', { name: coupon.name, percent: coupon.discountPercent })
        : t('coupon.amount', { name: coupon.name, amount: formatPrice(brand, coupon.discountAmount ?? 0) }),
    minimum: t('coupon.from', { amount: formatPrice(brand, coupon.minimumAmount ?? 0) }),
  }));
  return (
    <div className={styles.screen} data-testid="shop">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <ScreenIntl namespaces={['Shop', 'Errors']}>
        <ShopBalance />
        {returnPath && <p className={styles.note}>{t('returnNote')}</p>}
        {products.length === 0 ? (
          <p data-testid="shop-empty">{t('empty')}</p>
        ) : (
          <ShopForm
            products={products}
            paymentMethods={shop.paymentMethods}
            agreements={shop.agreements}
            returnPath={returnPath}
            loginHref={routes.login(pagePath('/shop', query))}
            coupons={coupons}
          />
        )}
      </ScreenIntl>
    </div>
  );
}
