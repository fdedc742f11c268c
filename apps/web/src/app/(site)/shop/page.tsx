import { formatPrice } from '@balcony/contracts';
import type { Metadata } from 'next';
import { ProductTile } from '@/components/shop/ProductTile';
import styles from '@/components/shop/Shop.module.css';
import { ShopBalance } from '@/components/shop/ShopBalance';
import { ShopForm } from '@/components/shop/ShopForm';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { fetchShop } from '@/lib/api/api';
import { pagePath } from '@/lib/auth/page-path';
import { getRequestBrand } from '@/lib/brand/brand';
import { productAvailability, productPrices, shopReturnPath } from '@/lib/coins/shop';
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
  const shop = await fetchShop(brand, (await getStoredSession())?.accessToken);
  const products = shop.products.map((product) => ({
    id: product.id,
    disabled: productAvailability(product) !== 'available',
    payLabel: t('pay', { price: formatPrice(brand, productPrices(product).pay) }),
    content: <ProductTile product={product} />,
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
          />
        )}
      </ScreenIntl>
    </div>
  );
}
