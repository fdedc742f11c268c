'use client';

import { AdminAdjustmentRequest, AdminAdjustmentResult, CoinType } from '@balcony/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { callAdmin } from '@/lib/client-api';
import { useIdempotencyKey } from './useIdempotencyKey';

/**
 * Charges (+) or deducts (−) coins of one type of a member, with a reason (the ledger's ADMIN_*
 * titles and the audit log keep it). The idempotency key in the hidden field makes a double submit
 * one adjustment.
 */
export function CoinAdjustForm({ brandId }: { brandId: string }) {
  const t = useTranslations('Rewards');
  const coinTypes = useTranslations('CoinTypes');
  const [key, renewKey] = useIdempotencyKey();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    setError(null);
    try {
      setResult(await callAdmin('coins/adjust', AdminAdjustmentResult, { method: 'POST', body: input.data }));
      formElement.reset();
      renewKey();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
    setBusy(false);
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
          <label className={ui.field}>
            <span>{t('coinType')}</span>
            <select name="coinType" defaultValue="BONUS">
              {CoinType.options.map((option) => (
                <option key={option} value={option}>
                  {coinTypes(option)}
                </option>
              ))}
            </select>
          </label>
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
        <ErrorText code={error} />
        {result ? (
          <p className={ui.success} role="status">
            {result.applied
              ? t('coins.done', { user: result.userId, total: result.balance.total })
              : t('coins.repeated', { user: result.userId, total: result.balance.total })}
          </p>
        ) : null}
        <div>
          <button type="submit" className={ui.button} disabled={busy || key === ''}>
            {t('coins.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
