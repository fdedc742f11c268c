'use client';

import { CouponKind, CouponWithCodes, CreateCouponRequest, MAX_COUPON_BATCH } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';
import { zonedLocalToIso } from '@/lib/format';
import { CodesOnce } from './CodesOnce';
import { CoinTypeField } from './CoinTypeField';

interface Props {
  timeZone: string;
  /** The brand currency's minor units: a discount typed as 1.50 is sent as 150 (2 units). */
  minorUnits: number;
  currency: string;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const numberOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

/**
 * A new coupon: what it gives (coins, a discount, an episode to rent or keep), its codes (one
 * shared code, the admin's or a generated one, or a batch of single-use codes) and when it may be
 * registered. Generated codes are shown once, with their CSV.
 */
export function CreateCouponForm({ timeZone, minorUnits, currency }: Props) {
  const t = useTranslations('Rewards');
  const router = useRouter();
  const [kind, setKind] = useState<CouponKind>('COIN');
  const [mode, setMode] = useState<'SHARED' | 'BATCH'>('BATCH');
  const [discount, setDiscount] = useState<'percent' | 'amount'>('percent');
  const { busy, error, run, setError } = useAdminAction();
  const [created, setCreated] = useState<CouponWithCodes | null>(null);

  function grantOf(form: FormData) {
    switch (kind) {
      case 'COIN':
        return {
          kind,
          coinType: text(form, 'coinType'),
          coins: Number(text(form, 'coins')),
          validDays: numberOrUndefined(text(form, 'validDays')),
        };
      case 'DISCOUNT': {
        const minor = (value: string) => (value === '' ? undefined : Math.round(Number(value) * 10 ** minorUnits));
        return {
          kind,
          ...(discount === 'percent'
            ? { discountPercent: Number(text(form, 'discountPercent')) }
            : { discountAmount: minor(text(form, 'discountAmount')) }),
          minimumAmount: minor(text(form, 'minimumAmount')) ?? 0,
          usableDays: numberOrUndefined(text(form, 'usableDays')),
        };
      }
      default:
        return { kind, episodeId: Number(text(form, 'episodeId')) };
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const startsAt = text(form, 'startsAt');
    const endsAt = text(form, 'endsAt');
    const maxUses = text(form, 'maxUses');
    const input = CreateCouponRequest.safeParse({
      name: text(form, 'name'),
      grant: grantOf(form),
      codes:
        mode === 'BATCH'
          ? { mode, count: Number(text(form, 'count')) }
          : { mode, code: text(form, 'code') || undefined, maxUses: maxUses === '' ? null : Number(maxUses) },
      startsAt: startsAt ? (zonedLocalToIso(startsAt, timeZone) ?? 'invalid') : undefined,
      endsAt: endsAt ? (zonedLocalToIso(endsAt, timeZone) ?? 'invalid') : undefined,
    });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    await run(async () => {
      setCreated(await callAdmin('coupons', CouponWithCodes, { method: 'POST', body: input.data }));
      formElement.reset();
      router.refresh();
    });
  }

  return (
    <>
      {created ? (
        <div role="status">
          <p className={ui.success}>{t('coupons.created', { name: created.coupon.name, id: created.coupon.id })}</p>
          <CodesOnce coupon={created.coupon} codes={created.codes} />
        </div>
      ) : null}
      <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <label className={ui.field}>
          <span>{t('coupons.name')}</span>
          <input name="name" required maxLength={100} />
        </label>
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('coupons.gives')}</legend>
          <label className={ui.field}>
            <span>{t('coupons.kind')}</span>
            <select name="kind" value={kind} onChange={(event) => setKind(event.target.value as CouponKind)}>
              {CouponKind.options.map((option) => (
                <option key={option} value={option}>
                  {t(`coupons.kinds.${option}`)}
                </option>
              ))}
            </select>
          </label>
          {kind === 'COIN' ? (
            <div className={ui.row}>
              <CoinTypeField />
              <label className={ui.field}>
                <span>{t('coupons.coins')}</span>
                <input name="coins" type="number" min={1} max={100000} required />
              </label>
              <label className={ui.field}>
                <span>{t('validDays')}</span>
                <input name="validDays" type="number" min={1} max={3650} aria-describedby="coupon-valid-hint" />
              </label>
              <small id="coupon-valid-hint" className={ui.hint}>
                {t('validDaysHint')}
              </small>
            </div>
          ) : null}
          {kind === 'DISCOUNT' ? (
            <>
              <div className={ui.checks}>
                {(['percent', 'amount'] as const).map((option) => (
                  <label key={option} className={ui.check}>
                    <input
                      type="radio"
                      name="discountType"
                      checked={discount === option}
                      onChange={() => setDiscount(option)}
                    />
                    {t(`coupons.discount.${option}`)}
                  </label>
                ))}
              </div>
              <div className={ui.row}>
                {discount === 'percent' ? (
                  <label className={ui.field}>
                    <span>{t('coupons.discountPercent')}</span>
                    <input name="discountPercent" type="number" min={1} max={90} required />
                  </label>
                ) : (
                  <label className={ui.field}>
                    <span>{t('coupons.discountAmount', { currency })}</span>
                    <input name="discountAmount" type="number" min={0} step="any" required />
                  </label>
                )}
                <label className={ui.field}>
                  <span>{t('coupons.minimumAmount', { currency })}</span>
                  <input name="minimumAmount" type="number" min={0} step="any" />
                </label>
                <label className={ui.field}>
                  <span>{t('coupons.usableDays')}</span>
                  <input name="usableDays" type="number" min={1} max={3650} />
                </label>
              </div>
            </>
          ) : null}
          {kind === 'EPISODE_RENT' || kind === 'EPISODE_POSSESSION' ? (
            <label className={ui.field}>
              <span>{t('coupons.episodeId')}</span>
              <input name="episodeId" type="number" min={1} required inputMode="numeric" />
            </label>
          ) : null}
        </fieldset>
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('coupons.codes')}</legend>
          <div className={ui.checks}>
            {(['BATCH', 'SHARED'] as const).map((option) => (
              <label key={option} className={ui.check}>
                <input type="radio" name="mode" checked={mode === option} onChange={() => setMode(option)} />
                {t(`coupons.modes.${option}`)}
              </label>
            ))}
          </div>
          {mode === 'BATCH' ? (
            <label className={ui.field}>
              <span>{t('codes.count')}</span>
              <input name="count" type="number" min={1} max={MAX_COUPON_BATCH} defaultValue={100} required />
            </label>
          ) : (
            <div className={ui.row}>
              <label className={ui.field}>
                <span>{t('coupons.sharedCode')}</span>
                <input name="code" maxLength={32} autoComplete="off" aria-describedby="shared-code-hint" />
              </label>
              <label className={ui.field}>
                <span>{t('coupons.maxUses')}</span>
                <input name="maxUses" type="number" min={1} />
              </label>
              <small id="shared-code-hint" className={ui.hint}>
                {t('coupons.sharedCodeHint')}
              </small>
            </div>
          )}
        </fieldset>
        <div className={ui.row}>
          <label className={ui.field}>
            <span>{t('coupons.startsAt', { zone: timeZone })}</span>
            <input name="startsAt" type="datetime-local" />
          </label>
          <label className={ui.field}>
            <span>{t('coupons.endsAt', { zone: timeZone })}</span>
            <input name="endsAt" type="datetime-local" />
          </label>
        </div>
        <FormFooter error={error} label={t('coupons.create')} disabled={busy} />
      </form>
    </>
  );
}
