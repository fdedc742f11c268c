import { formatCoins, formatPrice } from '@balcony/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { SandboxOutcomes } from '@/components/shop/SandboxOutcomes';
import styles from '@/components/shop/Shop.module.css';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { fetchOrder } from '@/lib/api/api';
import { loadPageData } from '@/lib/api/page-data';
import { requireMember } from '@/lib/auth/require-member';
import { getRequestBrand } from '@/lib/brand/brand';
import { orderCoins } from '@/lib/coins/order';
import { parseId } from '@/lib/navigation/params';
import { routes } from '@/lib/navigation/routes';
import { getStoredSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Shop');
  return { title: t('checkout.title'), robots: { index: false } };
}

/**
 * The sandbox provider's checkout (issue 11): the order, a plain notice that no real money moves,
 * and the three outcomes a tester can choose. An order already settled goes to its complete page.
 */
export default async function SandboxCheckoutPage({ params }: PageProps<'/shop/checkout/[orderId]'>) {
  const raw = (await params).orderId;
  const orderId = parseId(raw);
  if (orderId === null) notFound();
  await requireMember(routes.shopCheckout(orderId));
  const brand = await getRequestBrand();
  const session = await getStoredSession();
  if (!session) notFound();
  const result = await loadPageData(fetchOrder(brand, orderId, session.accessToken), []);
  if (!result.ok) notFound();
  const order = result.data;
  if (order.status !== 'UNPAID' || order.paymentMethod !== 'SANDBOX') redirect(routes.shopComplete(order.id));
  const t = await getT('Shop');
  return (
    <div className={styles.screen} data-testid="sandbox-checkout">
      <h1 className={styles.title}>{t('checkout.title')}</h1>
      <p className={styles.sandbox} role="note" data-testid="sandbox-notice">
        {t('checkout.sandboxNotice')}
      </p>
      <dl className={styles.facts}>
        <dt>{t('checkout.product')}</dt>
        <dd data-testid="checkout-product">{order.productName}</dd>
        <dt>{t('checkout.coins')}</dt>
        <dd>{formatCoins(orderCoins(order), brand.locale)}</dd>
        <dt>{t('checkout.amount')}</dt>
        <dd data-testid="checkout-amount">{formatPrice(brand, order.amount)}</dd>
      </dl>
      <ScreenIntl namespaces={['Shop', 'Errors']}>
        <SandboxOutcomes orderId={order.id} />
      </ScreenIntl>
    </div>
  );
}
