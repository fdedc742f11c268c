'use client';

import { AdminEpisode, ContentKind, SaleType } from '@balcony/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import { SelectField } from '@/components/ui/SelectField';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { saveAdmin } from '@/lib/client-api';
import { formatInstant, isoToZonedLocal, zonedLocalToIso } from '@/lib/format';

interface Props {
  seriesId: number;
  /** The series' kind, the default of a new episode. */
  seriesKind: 'IMAGE' | 'TEXT';
  /** The next free number, for a new episode. */
  nextNumber: number;
  episode: AdminEpisode | null;
  locale: string;
  timeZone: string;
}

/**
 * An episode's fields and when it goes out: now (it needs pages) or at a time of the brand's
 * zone. A published episode keeps its time. Pages and text are edited below it, once saved.
 */
export function EpisodeEditor({ seriesId, seriesKind, nextNumber, episode, locale, timeZone }: Props) {
  const t = useTranslations('Content');
  const router = useRouter();
  const [mode, setMode] = useState<'NOW' | 'AT'>(episode?.published ? 'NOW' : 'AT');
  const [isFree, setIsFree] = useState(episode?.isFree ?? false);
  const { busy, error, done: saved, run } = useAdminAction({ clearDone: true });
  const published = episode?.published === true;
  const defaultAt = isoToZonedLocal(
    episode?.publishedAt ?? new Date(Date.now() + 24 * 3600_000).toISOString(),
    timeZone,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const at = zonedLocalToIso(String(form.get('publishAt') ?? ''), timeZone);
    const publication = published
      ? { mode: 'AT', at: episode?.publishedAt }
      : mode === 'NOW'
        ? { mode: 'NOW' }
        : { mode: 'AT', at };
    const input = {
      number: Number(form.get('number')),
      title: String(form.get('title') ?? ''),
      isFree,
      freetime: form.get('freetime') === 'on',
      rentPrice: isFree ? 0 : Number(form.get('rentPrice') ?? 0),
      buyPrice: isFree ? 0 : Number(form.get('buyPrice') ?? 0),
      saleType: String(form.get('saleType')),
      contentKind: String(form.get('contentKind') ?? episode?.contentKind ?? seriesKind),
      publication,
    };
    await run(async () => {
      const result = await saveAdmin(
        episode && `episodes/${episode.id}`,
        `series/${seriesId}/episodes`,
        AdminEpisode,
        input,
      );
      if (episode) router.refresh();
      else router.push(`/content/episodes/${result.id}`);
    });
  }

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <div className={ui.row}>
        <label className={ui.field}>
          <span>{t('episode.number')}</span>
          <input type="number" name="number" min={1} defaultValue={episode?.number ?? nextNumber} required />
        </label>
        <label className={ui.field}>
          <span>{t('episode.title')}</span>
          <input name="title" defaultValue={episode?.title ?? ''} required maxLength={200} />
        </label>
        <SelectField
          label={t('episode.kind')}
          name="contentKind"
          options={ContentKind.options}
          labelOf={(k) => t(`kind.${k}`)}
          defaultValue={episode?.contentKind ?? seriesKind}
          disabled={(episode?.pages.length ?? 0) > 0}
        />
      </div>
      <div className={ui.checks}>
        <label className={ui.check}>
          <input type="checkbox" checked={isFree} onChange={(e) => setIsFree(e.target.checked)} />
          {t('episode.free')}
        </label>
        <label className={ui.check}>
          <input type="checkbox" name="freetime" defaultChecked={episode?.freetime ?? false} />
          {t('episode.freetime')}
        </label>
      </div>
      {isFree ? null : (
        <div className={ui.row}>
          <SelectField
            label={t('episode.saleType')}
            name="saleType"
            options={SaleType.options}
            labelOf={(s) => t(`episode.saleTypes.${s}`)}
            defaultValue={episode?.saleType ?? 'BOTH'}
          />
          <label className={ui.field}>
            <span>{t('episode.rentPrice')}</span>
            <input type="number" name="rentPrice" min={0} max={10000} defaultValue={episode?.rentPrice ?? 2} />
          </label>
          <label className={ui.field}>
            <span>{t('episode.buyPrice')}</span>
            <input type="number" name="buyPrice" min={0} max={10000} defaultValue={episode?.buyPrice ?? 4} />
          </label>
        </div>
      )}
      {isFree ? <input type="hidden" name="saleType" value={episode?.saleType ?? 'BOTH'} /> : null}
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('episode.publication')}</legend>
        {published && episode ? (
          <p>{t('episode.publishedAlready', { when: formatInstant(episode.publishedAt, locale, timeZone) })}</p>
        ) : (
          <>
            <div className={ui.checks}>
              <label className={ui.check}>
                <input type="radio" name="mode" checked={mode === 'AT'} onChange={() => setMode('AT')} />
                {t('episode.publishAt')}
              </label>
              <label className={ui.check}>
                <input type="radio" name="mode" checked={mode === 'NOW'} onChange={() => setMode('NOW')} />
                {t('episode.publishNow')}
              </label>
            </div>
            {mode === 'AT' ? (
              <label className={ui.field}>
                <span>{t('episode.publishTime', { zone: timeZone })}</span>
                <input type="datetime-local" name="publishAt" defaultValue={defaultAt} required />
              </label>
            ) : (episode?.pages.length ?? 0) === 0 ? (
              <p className={ui.hint}>{t('episode.needsPages')}</p>
            ) : null}
          </>
        )}
      </fieldset>
      <FormFooter
        error={error}
        label={t('episode.save')}
        disabled={busy}
        success={saved ? t('episode.saved') : null}
        actions={
          episode ? (
            <Link className={ui.secondary} href={`/content/episodes/${episode.id}/preview`}>
              {t('episode.preview')}
            </Link>
          ) : null
        }
      />
    </form>
  );
}
