'use client';

import { COIN_REFUND_DAYS } from '@balcony/contracts/constants';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { frontErrorCode } from '@/components/session/front-error';
import { useSession } from '@/components/session/SessionProvider';
import { Modal } from '@/components/ui/Modal';
import { useErrorText } from '@/components/ui/useErrorText';
import { needsLogin } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import styles from './History.module.css';

/**
 * The refund of a coin purchase (spec §9: within 7 days, none of its coins spent): a confirmation
 * first, then POST /shop/orders/{id}/refund. The api decides; a refusal is said in a toast.
 */
export function RefundButton({ orderId, name }: { orderId: number; name: string }) {
  const t = useTranslations('History.live');
  const errorText = useErrorText();
  const toast = useToast();
  const router = useRouter();
  const { update } = useSession();
  const titleId = useId();
  const textId = useId();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  async function refund() {
    if (pending) return;
    setPending(true);
    try {
      const { refundOrder } = await import('@/components/coins/coin-calls');
      await refundOrder(orderId);
      setAsking(false);
      toast.show(t('refunded'));
      await update();
      router.refresh();
    } catch (failure) {
      const code = frontErrorCode(failure);
      if (needsLogin(code)) {
        router.push(routes.login(routes.history('charge')));
        return;
      }
      setAsking(false);
      toast.show(errorText(code));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`button button-secondary ${styles.refund}`}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
        data-testid="history-refund"
      >
        {t('refund')}
      </button>
      {asking && (
        <Modal labelledBy={titleId} describedBy={textId} onClose={() => setAsking(false)} testId="refund-dialog">
          <div className={styles.dialogBody}>
            <h2 id={titleId}>{t('refundTitle')}</h2>
            <p id={textId}>{t('refundBody', { name, days: COIN_REFUND_DAYS })}</p>
            <div className={styles.dialogActions}>
              <button
                type="button"
                className="button"
                disabled={pending}
                aria-busy={pending || undefined}
                onClick={() => void refund()}
                data-testid="refund-confirm"
              >
                {pending ? t('refunding') : t('refundConfirm')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                data-autofocus=""
                onClick={() => setAsking(false)}
                data-testid="refund-keep"
              >
                {t('refundKeep')}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}
