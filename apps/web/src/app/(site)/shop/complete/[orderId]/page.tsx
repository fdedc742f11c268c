import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OrderOutcome } from '@/components/shop/OrderOutcome';
import styles from '@/components/shop/Shop.module.css';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { fetchOrder } from '@/lib/api/api';
import { loadPageData } from '@/lib/api/page-data';
import { requireMember } from '@/lib/auth/require-member';
import { getRequestBrand } from '@/lib/brand/brand';
import { parseId } from '@/lib/navigation/params';
import { routes } from '@/lib/navigation/routes';
import { sameSitePath } from '@/lib/session/redirects';
import { getStoredSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Shop');
  return { title: t('complete.title'), robots: { index: false } };
}

/**
 * Where every payment ends (the sandbox checkout, or Stripe's return): the order's outcome. A paid
 * order is reported (spec §3/§4 payment record and conversion event) and offers the way back to
 * where the reader was; an unpaid one is asked again for a while (a Stripe return may arrive
 * before its webhook).
 */
export default async function OrderCompletePage({ params }: PageProps<'/shop/complete/[orderId]'>) {
  const orderId = parseId((await params).orderId);
  if (orderId === null) notFound();
  await requireMember(routes.shopComplete(orderId));
  const brand = await getRequestBrand();
  const session = await getStoredSession();
  if (!session) notFound();
  const result = await loadPageData(fetchOrder(brand, orderId, session.accessToken), []);
  if (!result.ok) notFound();
  const order = result.data;
  const t = await getT('Shop');
  const returnPath = sameSitePath(order.returnPath) ?? null;
  return (
    <div className={styles.screen} data-testid="shop-complete">
      <h1 className={styles.title}>{t('complete.title')}</h1>
      <ScreenIntl namespaces={['Shop', 'Errors']}>
        <OrderOutcome initial={order} returnPath={returnPath} />
      </ScreenIntl>
    </div>
  );
}
