'use client';

import { AdminAdjustmentRequest, AdminAdjustmentResult } from '@balcony/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';
import { CoinTypeField } from './CoinTypeField';
import { useIdempotencyKey } from './useIdempotencyKey';

/**
 * Charges (+) or deducts (−) coins of one type of a member, with a reason (the ledger's ADMIN_*
 * titles and the audit log keep it). The idempotency key in the hidden field makes a double submit
 * one adjustment.
 */
export function CoinAdjustForm({ brandId }: { brandId: string }) {
  const t = useTranslations('Rewards');
  const [key, renewKey] = useIdempotencyKey();
  const { busy, error, run, setError } = useAdminAction();
  const [result, setResult] = useState<AdminAdjustmentResult | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const validDays = String(form.get('validDays') ?? '');
    const input = AdminAdjustmentRequest.safeParse({
      userId: Number(form.get('userId')),
      coinType: form.get('coinType'),
      amount: Number(form.get('amount')),
      reason: form.get('reason'),
      idempotencyKey: form.get('idempotencyKey'),
      validDays: validDays === '' ? undefined : Number(validDays),
    });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    const confirmKey = input.data.amount > 0 ? 'coins.confirmCharge' : 'coins.confirmDeduct';
    if (
      !window.confirm(t(confirmKey, { amount: Math.abs(input.data.amount), user: input.data.userId, brand: brandId }))
    )
      return;
    await run(async () => {
      setResult(await callAdmin('coins/adjust', AdminAdjustmentResult, { method: 'POST', body: input.data }));
      formElement.reset();
      renewKey();
    });
  }

  return (
    <section aria-labelledby="coins-title">
      <h2 id="coins-title">{t('coins.title')}</h2>
      <p className={ui.muted}>{t('coins.intro', { brand: brandId })}</p>
      <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <input type="hidden" name="idempotencyKey" value={key} />
        <div className={ui.row}>
          <label className={ui.field}>
            <span>{t('memberId')}</span>
            <input name="userId" type="number" min={1} required inputMode="numeric" />
          </label>
          <CoinTypeField />
          <label className={ui.field}>
            <span>{t('coins.amount')}</span>
            <input name="amount" type="number" min={-1000000} max={1000000} required aria-describedby="amount-hint" />
          </label>
          <label className={ui.field}>
            <span>{t('validDays')}</span>
            <input name="validDays" type="number" min={1} max={3650} />
          </label>
        </div>
        <small id="amount-hint" className={ui.hint}>
          {t('coins.amountHint')}
        </small>
        <label className={ui.field}>
          <span>{t('coins.reason')}</span>
          <textarea name="reason" required maxLength={500} rows={3} />
        </label>
        <FormFooter
          error={error}
          label={t('coins.submit')}
          disabled={busy || key === ''}
          success={
            result
              ? t(result.applied ? 'coins.done' : 'coins.repeated', {
                  user: result.userId,
                  total: result.balance.total,
                })
              : null
          }
        />
      </form>
    </section>
  );
}
