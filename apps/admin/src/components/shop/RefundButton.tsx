'use client';

import { AdminRefundResult } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';

/**
 * An order's refund cell: until when it may be refunded, and a button that refunds it through its
 * provider after a second click that says what will happen. The api refunds once: a repeated click
 * (or another admin's) answers that it already was. Rendered for every order, so the message that
 * says it worked stays once the refreshed list shows the order refunded.
 */
export function RefundButton({ orderId, label, until }: { orderId: number; label: string; until: string | null }) {
  const t = useTranslations('Shop');
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAdminAction();
  const [done, setDone] = useState<string | null>(null);

  async function refund() {
    await run(async () => {
      const answer = await callAdmin(`orders/${orderId}/refund`, AdminRefundResult, { method: 'POST' });
      setDone(answer.refunded ? t('ledger.refunded', { id: orderId }) : t('ledger.alreadyRefunded', { id: orderId }));
      setConfirming(false);
      router.refresh();
    });
  }

  return (
    <div>
      {until ? (
        <div className={ui.muted}>{t('ledger.until', { when: until })}</div>
      ) : done ? null : (
        <span className={ui.muted}>{t('ledger.notRefundable')}</span>
      )}
      {until && !done ? (
        confirming ? (
          <div className={ui.actions}>
            <button type="button" className={ui.danger} disabled={busy} onClick={refund}>
              {t('ledger.confirmRefund', { order: label })}
            </button>
            <button type="button" className={ui.secondary} disabled={busy} onClick={() => setConfirming(false)}>
              {t('ledger.cancel')}
            </button>
          </div>
        ) : (
          <button type="button" className={ui.secondary} onClick={() => setConfirming(true)}>
            {t('ledger.refund')}
          </button>
        )
      ) : null}
      <p role="status" className={ui.success}>
        {done}
      </p>
      {error ? <ErrorText code={error} /> : null}
    </div>
  );
}
