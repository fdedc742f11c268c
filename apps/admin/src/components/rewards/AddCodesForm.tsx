'use client';

import { AddCouponCodesRequest, CouponWithCodes, MAX_COUPON_BATCH } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin, downloadAdmin } from '@/lib/client-api';
import { CodesOnce } from './CodesOnce';

/**
 * Another batch of single-use codes for a coupon: straight into a CSV file (the api's export), or
 * on screen, once.
 */
export function AddCodesForm({ couponId, couponName }: { couponId: number; couponName: string }) {
  const t = useTranslations('Rewards');
  const router = useRouter();
  const countId = useId();
  const { busy, error, run, setError } = useAdminAction();
  const [codes, setCodes] = useState<string[]>([]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const input = AddCouponCodesRequest.safeParse({ count: Number(new FormData(event.currentTarget).get('count')) });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    await run(async () => {
      if (submitter?.value === 'csv') {
        await downloadAdmin(
          `coupons/${couponId}/codes.csv`,
          { method: 'POST', body: input.data },
          `coupon-${couponId}-codes.csv`,
        );
      } else {
        setCodes(
          (await callAdmin(`coupons/${couponId}/codes`, CouponWithCodes, { method: 'POST', body: input.data })).codes,
        );
      }
      router.refresh();
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <div className={ui.row}>
        <label className={ui.field} htmlFor={countId}>
          <span>{t('codes.count')}</span>
          <input id={countId} name="count" type="number" min={1} max={MAX_COUPON_BATCH} defaultValue={100} required />
        </label>
        <button type="submit" value="csv" className={ui.button} disabled={busy}>
          {t('codes.asCsv')}
        </button>
        <button type="submit" value="show" className={ui.secondary} disabled={busy}>
          {t('codes.show')}
        </button>
      </div>
      <ErrorText code={error} />
      <CodesOnce coupon={{ id: couponId, name: couponName }} codes={codes} />
    </form>
  );
}
