'use client';

import type { Order } from '@balcony/contracts';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useSession } from '@/components/session/SessionProvider';
import { ORDER_POLL, orderCoins, orderView } from '@/lib/coins/order';
import { reportPayment } from '@/lib/coins/payment-report';
import { routes } from '@/lib/navigation/routes';
import { track } from '@/lib/tracking/tracking';
import styles from './Shop.module.css';

/**
 * An order's outcome. UNPAID is asked again every second for up to 20 s ("confirming payment");
 * PAID is reported once (payment record, conversion events), the session's balance refreshed, and
 * the reader offered the way back (the episode that needed coins) or the shop; FAILED and
 * CANCELLED offer another try.
 */
export function OrderOutcome({ initial, returnPath }: { initial: Order; returnPath: string | null }) {
  const t = useTranslations('Shop.complete');
  const session = useSession();
  const [order, setOrder] = useState(initial);
  const [gaveUp, setGaveUp] = useState(false);
  const [balance, setBalance] = useState<number | null>(null);
  const reported = useRef(false);
  const view = orderView(order.status);

  // A bounded wait for the provider's confirmation: one question a second until the deadline.
  useEffect(() => {
    if (view !== 'pending') return;
    let stopped = false;
    const deadline = Date.now() + ORDER_POLL.timeoutMs;
    async function ask() {
      const { getOrder } = await import('@/components/coins/coin-calls');
      while (!stopped && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, ORDER_POLL.intervalMs));
        if (stopped) return;
        try {
          const next = await getOrder(initial.id);
          if (next.status !== 'UNPAID') {
            setOrder(next);
            return;
          }
        } catch {
          // A failed question is asked again at the next tick.
        }
      }
      if (!stopped) setGaveUp(true);
    }
    void ask();
    return () => {
      stopped = true;
    };
  }, [view, initial.id]);

  // Spec §4: after a successful payment, the record is kept, the conversion events sent, the record
  // removed; then the balance shown is the session's, fetched again.
  const { update } = session;
  useEffect(() => {
    if (view !== 'paid' || reported.current) return;
    reported.current = true;
    void (async () => {
      const { formatPaymentRecord, parsePaymentRecord } = await import('@/components/coins/coin-calls');
      try {
        reportPayment({
          order,
          storage: window.localStorage,
          tracker: { track },
          format: formatPaymentRecord,
          parse: parsePaymentRecord,
        });
      } catch {
        // Storage can be unavailable (private mode, quota): the coins are credited all the same.
      }
      const next = await update();
      if (next) setBalance(next.coin.total);
    })();
  }, [view, order, update]);

  const retryHref = returnPath ? routes.shopReturning(returnPath) : routes.shop;

  switch (view) {
    case 'paid':
      return (
        <section aria-labelledby="order-outcome" data-testid="order-paid" className={styles.form}>
          <h2 id="order-outcome" className={styles.title}>
            {t('paidTitle')}
          </h2>
          <p role="status" data-testid="order-received">
            {t('received', { coins: orderCoins(order) })}
          </p>
          {balance !== null && (
            <p className={styles.balance} data-testid="order-balance" data-total={balance}>
              {t('newBalance', { coins: balance })}
            </p>
          )}
          <div className={styles.actions}>
            <Link
              href={returnPath ?? routes.shop}
              className="button"
              prefetch={false}
              data-autofocus=""
              data-testid="order-continue"
            >
              {returnPath ? t('continue') : t('backToShop')}
            </Link>
            <Link href={routes.history('charge')} className="button button-secondary" prefetch={false}>
              {t('history')}
            </Link>
          </div>
        </section>
      );
    case 'pending':
      return (
        <section aria-labelledby="order-outcome" data-testid="order-pending" className={styles.form}>
          <h2 id="order-outcome" className={styles.title} aria-live="polite">
            {t('pendingTitle')}
          </h2>
          {gaveUp && (
            <p role="status" data-testid="order-pending-slow">
              {t('pendingSlow')}
            </p>
          )}
          {gaveUp && (
            <div className={styles.actions}>
              <Link href={routes.history('charge')} className="button" prefetch={false}>
                {t('history')}
              </Link>
            </div>
          )}
        </section>
      );
    case 'failed':
    case 'cancelled':
    case 'refunded':
      return (
        <section aria-labelledby="order-outcome" data-testid={`order-${view}`} className={styles.form}>
          <h2 id="order-outcome" className={styles.title}>
            {view === 'failed' ? t('failedTitle') : view === 'cancelled' ? t('cancelledTitle') : t('refundedTitle')}
          </h2>
          {view !== 'refunded' && <p>{t('notCharged')}</p>}
          <div className={styles.actions}>
            <Link href={retryHref} className="button" prefetch={false} data-testid="order-retry">
              {view === 'refunded' ? t('backToShop') : t('retry')}
            </Link>
          </div>
        </section>
      );
  }
}
