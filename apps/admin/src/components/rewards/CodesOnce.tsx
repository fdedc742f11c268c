'use client';

import { couponCodesCsv } from '@balcony/contracts';
import { useTranslations } from 'use-intl';
import ui from '@/components/ui/ui.module.css';
import { saveText } from './download';

/**
 * Codes the api just made: shown this once (they are stored hashed, never in clear), with their
 * CSV (coupon_id,coupon_name,code, as the api's own export) to download before leaving.
 */
export function CodesOnce({ coupon, codes }: { coupon: { id: number; name: string }; codes: readonly string[] }) {
  const t = useTranslations('Rewards');
  if (codes.length === 0) return null;
  return (
    <section className={ui.warning} aria-label={t('codes.label')}>
      <p>
        <strong>{t('codes.once', { count: codes.length })}</strong>
      </p>
      <textarea
        className={`${ui.input} ${ui.mono}`}
        readOnly
        rows={Math.min(10, codes.length)}
        value={codes.join('\n')}
        aria-label={t('codes.label')}
        style={{ width: '100%' }}
      />
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.secondary}
          onClick={() =>
            saveText(couponCodesCsv(coupon, codes), `coupon-${coupon.id}-codes.csv`, 'text/csv;charset=utf-8')
          }
        >
          {t('codes.download')}
        </button>
      </div>
    </section>
  );
}
