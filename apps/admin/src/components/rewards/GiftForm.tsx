'use client';

import { GIFT_DEFAULT_VALID_DAYS, SendGiftRequest, SendGiftResult } from '@balcony/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';
import { parseGiftTargets, parseIdList } from '@/lib/gift-targets';
import { CoinTypeField } from './CoinTypeField';
import { useIdempotencyKey } from './useIdempotencyKey';

type Content = 'COIN' | 'POSSESSION_GIFT' | 'RENT_GIFT';

/**
 * Sends one gift (coins, or episodes to keep or rent) to members by id and to e-mail addresses;
 * each waits in their gift box. Idempotent by the hidden key, like the coin adjustment.
 */
export function GiftForm({ brandId }: { brandId: string }) {
  const t = useTranslations('Rewards');
  const [key, renewKey] = useIdempotencyKey();
  const [content, setContent] = useState<Content>('COIN');
  const [invalid, setInvalid] = useState<string[]>([]);
  const { busy, error, run, setError } = useAdminAction();
  const [result, setResult] = useState<SendGiftResult | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const { targets, invalid: wrong } = parseGiftTargets(String(form.get('targets') ?? ''));
    setInvalid(wrong);
    if (wrong.length > 0) return;
    // A segment: every member of the brand who favourites this series (the api finds them).
    const fansOf = Number(form.get('fansOf') || 0);
    if (fansOf > 0) targets.push({ type: 'SEGMENT', segment: 'FAVORITE_OF_SERIES', seriesId: fansOf });
    const validDays = String(form.get('coinValidDays') ?? '');
    const episodeIds = parseIdList(String(form.get('episodeIds') ?? ''));
    const input = SendGiftRequest.safeParse({
      targets,
      content:
        content === 'COIN'
          ? {
              kind: content,
              coinType: form.get('coinType'),
              amount: Number(form.get('amount')),
              validDays: validDays === '' ? undefined : Number(validDays),
            }
          : { kind: content, seriesId: Number(form.get('seriesId')), episodeIds: episodeIds ?? [] },
      title: form.get('title'),
      message: String(form.get('message') ?? '') || undefined,
      validDays: Number(form.get('validDays') || GIFT_DEFAULT_VALID_DAYS),
      idempotencyKey: form.get('idempotencyKey'),
    });
    if (!input.success || (content !== 'COIN' && !episodeIds)) {
      setError('INVALID_PARAMETER');
      return;
    }
    const question =
      fansOf > 0
        ? t('gifts.confirmSegment', { count: targets.length - 1, series: fansOf, brand: brandId })
        : t('gifts.confirm', { count: targets.length, brand: brandId });
    if (!window.confirm(question)) return;
    await run(async () => {
      setResult(await callAdmin('gifts', SendGiftResult, { method: 'POST', body: input.data }));
      formElement.reset();
      renewKey();
    });
  }

  return (
    <section aria-labelledby="gifts-title">
      <h2 id="gifts-title">{t('gifts.title')}</h2>
      <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <input type="hidden" name="idempotencyKey" value={key} />
        <label className={ui.field}>
          <span>{t('gifts.targets')}</span>
          <textarea name="targets" rows={4} aria-describedby="targets-hint" />
          <small id="targets-hint" className={ui.hint}>
            {t('gifts.targetsHint')}
          </small>
        </label>
        <label className={ui.field}>
          <span>{t('gifts.fansOf')}</span>
          <input name="fansOf" type="number" min={1} inputMode="numeric" aria-describedby="fans-hint" />
          <small id="fans-hint" className={ui.hint}>
            {t('gifts.fansOfHint')}
          </small>
        </label>
        {invalid.length > 0 ? (
          <p className={ui.error} role="alert">
            {t('gifts.invalidTargets', { list: invalid.join(', ') })}
          </p>
        ) : null}
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('gifts.content')}</legend>
          <div className={ui.checks}>
            {(['COIN', 'POSSESSION_GIFT', 'RENT_GIFT'] as const).map((option) => (
              <label key={option} className={ui.check}>
                <input type="radio" name="content" checked={content === option} onChange={() => setContent(option)} />
                {t(`gifts.kinds.${option}`)}
              </label>
            ))}
          </div>
          {content === 'COIN' ? (
            <div className={ui.row}>
              <CoinTypeField />
              <label className={ui.field}>
                <span>{t('gifts.amount')}</span>
                <input name="amount" type="number" min={1} max={100000} required />
              </label>
              <label className={ui.field}>
                <span>{t('validDays')}</span>
                <input name="coinValidDays" type="number" min={1} max={3650} />
              </label>
            </div>
          ) : (
            <div className={ui.row}>
              <label className={ui.field}>
                <span>{t('gifts.seriesId')}</span>
                <input name="seriesId" type="number" min={1} required inputMode="numeric" />
              </label>
              <label className={ui.field}>
                <span>{t('gifts.episodeIds')}</span>
                <input name="episodeIds" required aria-describedby="episodes-hint" />
              </label>
              <small id="episodes-hint" className={ui.hint}>
                {t('gifts.episodeIdsHint')}
              </small>
            </div>
          )}
        </fieldset>
        <div className={ui.row}>
          <label className={ui.field}>
            <span>{t('gifts.giftTitle')}</span>
            <input name="title" required maxLength={100} />
          </label>
          <label className={ui.field}>
            <span>{t('gifts.waitDays')}</span>
            <input name="validDays" type="number" min={1} max={365} defaultValue={GIFT_DEFAULT_VALID_DAYS} />
          </label>
        </div>
        <label className={ui.field}>
          <span>{t('gifts.message')}</span>
          <textarea name="message" maxLength={500} rows={3} />
        </label>
        <FormFooter
          error={error}
          label={t('gifts.submit')}
          disabled={busy || key === ''}
          success={
            result ? (result.applied ? t('gifts.sent', { count: result.gifts.length }) : t('gifts.repeated')) : null
          }
          successDetails={
            <ul>
              {result?.gifts.map((gift) => (
                <li key={gift.id}>
                  {gift.email ?? ''} {gift.userId ? t('gifts.member', { id: gift.userId }) : t('gifts.noMemberYet')}
                </li>
              ))}
            </ul>
          }
        />
      </form>
    </section>
  );
}
