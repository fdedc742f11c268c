'use client';

import { type MaintenanceState, MaintenanceSwitches } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';
import { formatInstant, isoToZonedLocal, zonedLocalToIso } from '@/lib/format';

interface Props {
  switches: MaintenanceSwitches;
  brandId: string;
  timeZone: string;
  locale: string;
  /** Only owners switch; others see the state. */
  canSwitch: boolean;
  /** An owner of every brand may switch every brand at once. */
  canSwitchAll: boolean;
}

/**
 * The maintenance switch of spec §2 /prepare: on with its expected end (in the brand's zone) or
 * off, for this brand or every brand. The api audits each change; readers see /prepare and the
 * apps SERVICE_MAINTENANCE within seconds on every replica.
 */
export function MaintenanceForm({ switches, brandId, timeZone, locale, canSwitch, canSwitchAll }: Props) {
  const t = useTranslations('Operations');
  const router = useRouter();
  const { busy, error, done, run, setError } = useAdminAction({ clearDone: true });
  const [scope, setScope] = useState<'brand' | 'all'>('brand');
  const shown: MaintenanceState = scope === 'all' ? switches.allBrands : switches.brand;

  async function submit(event: FormEvent<HTMLFormElement>, active: boolean) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const local = String(form.get('endsAt') ?? '');
    const endsAt = active && local ? zonedLocalToIso(local, timeZone) : null;
    if (active && local && !endsAt) {
      setError('INVALID_PARAMETER');
      return;
    }
    await run(async () => {
      await callAdmin('maintenance', MaintenanceSwitches, {
        method: 'PUT',
        body: { active, allBrands: scope === 'all', endsAt },
      });
      router.refresh();
    });
  }

  const state = (s: MaintenanceState) =>
    s.active
      ? t('maintenance.on', { end: s.endsAt ? formatInstant(s.endsAt, locale, timeZone) : t('maintenance.noEnd') })
      : t('maintenance.off');

  return (
    <section aria-labelledby="maintenance-title">
      <h2 id="maintenance-title">{t('maintenance.title')}</h2>
      <p className={ui.muted}>{t('maintenance.intro')}</p>
      <div className={ui.card}>
        <p data-testid="maintenance-effective">
          <strong>{t('maintenance.readers', { brand: brandId })}</strong> {state(switches.effective)}
        </p>
        <p>
          {t('maintenance.brandSwitch', { brand: brandId })} {state(switches.brand)}
        </p>
        <p>
          {t('maintenance.allSwitch')} {state(switches.allBrands)}
        </p>
      </div>
      {canSwitch ? (
        <form
          className={`${ui.card} ${ui.form}`}
          onSubmit={(event) => submit(event, !shown.active)}
          noValidate
          data-testid="maintenance-form"
        >
          <label className={ui.field}>
            <span>{t('maintenance.scope')}</span>
            <select value={scope} onChange={(e) => setScope(e.currentTarget.value === 'all' ? 'all' : 'brand')}>
              <option value="brand">{t('maintenance.scopeBrand', { brand: brandId })}</option>
              {canSwitchAll && <option value="all">{t('maintenance.scopeAll')}</option>}
            </select>
          </label>
          {!shown.active && (
            <label className={ui.field}>
              <span>{t('maintenance.endsAt', { zone: timeZone })}</span>
              <input name="endsAt" type="datetime-local" defaultValue={isoToZonedLocal(shown.endsAt, timeZone)} />
            </label>
          )}
          <FormFooter
            error={error}
            label={shown.active ? t('maintenance.switchOff') : t('maintenance.switchOn')}
            disabled={busy}
            success={done ? t('maintenance.saved') : null}
          />
        </form>
      ) : (
        <p className={ui.muted}>{t('maintenance.ownersOnly')}</p>
      )}
    </section>
  );
}
