'use client';

import {
  AdminEvent,
  type AdminEvent as AdminEventType,
  CoinType,
  EventAudience,
  EventInput,
  EventKind,
  EventRewardKind,
  type EventTheme,
  RewardType,
} from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import { SelectField } from '@/components/ui/SelectField';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { saveAdmin } from '@/lib/client-api';
import { isoToZonedLocal, zonedLocalToIso } from '@/lib/format';

/** Rows of the form: a reward or a prize per row, empty rows left out. */
const REWARD_ROWS = 4;
const PRIZE_ROWS = 6;

interface Props {
  /** The event to edit; a new one without it. */
  event?: AdminEventType;
  themes: readonly EventTheme[];
  timeZone: string;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * An event's kind, texts, audience, theme, period (in the brand's zone) and what it gives:
 * rewards (freeEarn, addEarn, discount) and, for a roulette, its weighted prizes. Checked by the
 * api's schema before it is sent; the api checks again and audits the change.
 */
export function EventForm({ event, themes, timeZone }: Props) {
  const t = useTranslations('Events');
  const router = useRouter();
  const { busy, error, run, setError } = useAdminAction({ clearDone: true });
  const [saved, setSaved] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formElement = e.currentTarget;
    const form = new FormData(formElement);
    const rewards = Array.from({ length: REWARD_ROWS }, (_, i) => ({
      kind: text(form, `reward-${i}-kind`),
      type: text(form, `reward-${i}-type`) || null,
      amount: numberOrNull(text(form, `reward-${i}-amount`)),
      percent: numberOrNull(text(form, `reward-${i}-percent`)),
      streakDays: numberOrNull(text(form, `reward-${i}-streak`)),
    })).filter((r) => r.kind !== '');
    const prizes = Array.from({ length: PRIZE_ROWS }, (_, i) => ({
      type: text(form, `prize-${i}-type`),
      amount: numberOrNull(text(form, `prize-${i}-amount`)),
      weight: numberOrNull(text(form, `prize-${i}-weight`)),
    })).filter((p) => p.amount !== null);
    const input = EventInput.safeParse({
      kind: event?.kind ?? text(form, 'kind'),
      title: text(form, 'title'),
      description: text(form, 'description'),
      audience: text(form, 'audience'),
      themeId: numberOrNull(text(form, 'themeId')),
      startsAt: zonedLocalToIso(text(form, 'startsAt'), timeZone) ?? '',
      endsAt: zonedLocalToIso(text(form, 'endsAt'), timeZone) ?? '',
      rewards,
      prizes,
    });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    setSaved(null);
    await run(async () => {
      const answer = await saveAdmin(event && `events/${event.id}`, 'events', AdminEvent, input.data);
      setSaved(t(event ? 'saved' : 'created', { title: answer.title }));
      if (!event) formElement.reset();
      router.refresh();
    });
  }

  const reward = (i: number) => event?.rewards[i];
  const prize = (i: number) => event?.prizes[i];
  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <div className={ui.row}>
        {event ? null : (
          <SelectField
            label={t('kind')}
            name="kind"
            options={EventKind.options}
            labelOf={(k) => t(`kinds.${k}`)}
            defaultValue="ATTENDANCE"
          />
        )}
        <SelectField
          label={t('audience')}
          name="audience"
          options={EventAudience.options}
          labelOf={(a) => t(`audiences.${a}`)}
          defaultValue={event?.audience ?? 'ALL'}
        />
        <label className={ui.field}>
          <span>{t('theme')}</span>
          <select name="themeId" defaultValue={event?.themeId ?? ''}>
            <option value="">{t('noTheme')}</option>
            {themes.map((theme) => (
              <option key={theme.id} value={theme.id}>
                {theme.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className={ui.field}>
        <span>{t('title')}</span>
        <input name="title" required maxLength={120} defaultValue={event?.title} />
      </label>
      <label className={ui.field}>
        <span>{t('description')}</span>
        <textarea name="description" maxLength={2000} rows={3} defaultValue={event?.description} />
      </label>
      <div className={ui.row}>
        <label className={ui.field}>
          <span>{t('startsAt', { zone: timeZone })}</span>
          <input
            name="startsAt"
            type="datetime-local"
            required
            defaultValue={isoToZonedLocal(event?.startsAt, timeZone)}
          />
        </label>
        <label className={ui.field}>
          <span>{t('endsAt', { zone: timeZone })}</span>
          <input name="endsAt" type="datetime-local" required defaultValue={isoToZonedLocal(event?.endsAt, timeZone)} />
        </label>
      </div>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('rewards')}</legend>
        <small className={ui.hint}>{t('rewardsHint')}</small>
        {Array.from({ length: REWARD_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed slots of the form
          <div key={i} className={ui.row}>
            <label className={ui.field}>
              <span>{t('rewardKind', { n: i + 1 })}</span>
              <select name={`reward-${i}-kind`} defaultValue={reward(i)?.kind ?? ''}>
                <option value="">{t('none')}</option>
                {EventRewardKind.options.map((k) => (
                  <option key={k} value={k}>
                    {t(`rewardKinds.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className={ui.field}>
              <span>{t('rewardType')}</span>
              <select name={`reward-${i}-type`} defaultValue={reward(i)?.type ?? ''}>
                <option value="">{t('none')}</option>
                {RewardType.options.map((type) => (
                  <option key={type} value={type}>
                    {t(`types.${type}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className={ui.field}>
              <span>{t('amount')}</span>
              <input name={`reward-${i}-amount`} type="number" min={1} defaultValue={reward(i)?.amount ?? ''} />
            </label>
            <label className={ui.field}>
              <span>{t('percent')}</span>
              <input
                name={`reward-${i}-percent`}
                type="number"
                min={1}
                max={100}
                defaultValue={reward(i)?.percent ?? ''}
              />
            </label>
            <label className={ui.field}>
              <span>{t('streakDays')}</span>
              <input name={`reward-${i}-streak`} type="number" min={2} defaultValue={reward(i)?.streakDays ?? ''} />
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('prizes')}</legend>
        <small className={ui.hint}>{t('prizesHint')}</small>
        {Array.from({ length: PRIZE_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed slots of the form
          <div key={i} className={ui.row}>
            <SelectField
              label={t('prizeType', { n: i + 1 })}
              name={`prize-${i}-type`}
              options={CoinType.options}
              labelOf={(type) => t(`types.${type}`)}
              defaultValue={prize(i)?.type ?? 'FREE_COIN'}
            />
            <label className={ui.field}>
              <span>{t('amount')}</span>
              <input name={`prize-${i}-amount`} type="number" min={1} defaultValue={prize(i)?.amount ?? ''} />
            </label>
            <label className={ui.field}>
              <span>{t('weight')}</span>
              <input name={`prize-${i}-weight`} type="number" min={1} defaultValue={prize(i)?.weight ?? ''} />
            </label>
          </div>
        ))}
      </fieldset>
      <FormFooter
        error={error}
        label={event ? t('save') : t('create')}
        disabled={busy}
        success={saved}
        successLast
        actions={null}
      />
    </form>
  );
}
