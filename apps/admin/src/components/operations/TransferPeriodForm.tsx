'use client';

import { TransferAdminView } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';
import { formatInstant, isoToZonedLocal, zonedLocalToIso } from '@/lib/format';

interface Props {
  view: TransferAdminView;
  timeZone: string;
  locale: string;
  canMove: boolean;
}

/**
 * The account transfer's period (spec §1): the brand's configured end, the end an operator set
 * instead, and how many members transferred. Moving it (or back to the configured end) is audited.
 */
export function TransferPeriodForm({ view, timeZone, locale, canMove }: Props) {
  const t = useTranslations('Operations');
  const router = useRouter();
  const { busy, error, done, run, setError } = useAdminAction({ clearDone: true });
  const at = (iso: string | null) => (iso ? formatInstant(iso, locale, timeZone) : t('transfer.none'));

  async function save(endsAt: string | null) {
    await run(async () => {
      await callAdmin('transfer/period', TransferAdminView, { method: 'PUT', body: { endsAt } });
      router.refresh();
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const endsAt = zonedLocalToIso(String(new FormData(event.currentTarget).get('endsAt') ?? ''), timeZone);
    if (!endsAt) {
      setError('INVALID_PARAMETER');
      return;
    }
    await save(endsAt);
  }

  return (
    <section aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t('transfer.title')}</h2>
      <div className={ui.card}>
        <p data-testid="transfer-period-state">
          {view.period.endsAt === null
            ? t('transfer.noTransfer')
            : t(view.period.open ? 'transfer.open' : 'transfer.closed', { end: at(view.period.endsAt) })}
        </p>
        <p>{t('transfer.configured', { end: at(view.configuredEndsAt) })}</p>
        <p>{t('transfer.count', { count: view.transfers })}</p>
      </div>
      {canMove && (
        <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
          <label className={ui.field}>
            <span>{t('transfer.endsAt', { zone: timeZone })}</span>
            <input
              name="endsAt"
              type="datetime-local"
              required
              defaultValue={isoToZonedLocal(view.period.endsAt, timeZone)}
            />
          </label>
          <FormFooter
            error={error}
            label={t('transfer.move')}
            disabled={busy}
            success={done ? t('transfer.saved') : null}
            actions={
              view.period.overridden ? (
                <button type="button" className={ui.secondary} disabled={busy} onClick={() => save(null)}>
                  {t('transfer.reset')}
                </button>
              ) : null
            }
          />
        </form>
      )}
    </section>
  );
}
