'use client';

import {
  type AdminCreator,
  AdminSeriesDetail,
  type AdminSeriesInput,
  BRANDS,
  ContentKind,
  ContentStatus,
  CreatorType,
  Genre,
  PlatformId,
  ScheduleKey,
  UploadedImage,
} from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import { SelectField } from '@/components/ui/SelectField';
import ui from '@/components/ui/ui.module.css';
import { errorCodeOf, useAdminAction } from '@/components/ui/useAdminAction';
import { saveAdmin, uploadAdmin } from '@/lib/client-api';
import { isoToZonedLocal, zonedLocalToIso } from '@/lib/format';
import styles from './Content.module.css';

type BrandId = AdminSeriesInput['brands'][number]['brandId'];

interface BrandDraft {
  on: boolean;
  title: string;
  synopsis: string;
  /** datetime-local in the brand's zone */
  publishedAt: string;
  discountPercent: string;
  freetimeIntervalHours: string;
  freetimeExcludesLatest: string;
}

function draftsOf(series: AdminSeriesDetail | null): Record<BrandId, BrandDraft> {
  const drafts = {} as Record<BrandId, BrandDraft>;
  for (const id of PlatformId.options) {
    const b = series?.brands.find((x) => x.brandId === id);
    const zone = BRANDS[id].timeZone;
    drafts[id] = {
      on: b !== undefined,
      title: b?.title ?? '',
      synopsis: b?.synopsis ?? '',
      publishedAt: isoToZonedLocal(b?.publishedAt ?? new Date().toISOString(), zone),
      discountPercent: String(b?.discountPercent ?? 0),
      freetimeIntervalHours: b?.freetimeIntervalHours == null ? '' : String(b.freetimeIntervalHours),
      freetimeExcludesLatest: String(b?.freetimeExcludesLatest ?? 3),
    };
  }
  return drafts;
}

/**
 * Creates or edits a series: its fields, creators, genres, tags, cover, and the brands that show
 * it with their titles and sale settings. Saving sends the whole record (audited by the api).
 */
export function SeriesEditor({ series }: { series: AdminSeriesDetail | null }) {
  const t = useTranslations('Content');
  const router = useRouter();
  const [creators, setCreators] = useState<AdminCreator[]>(series?.creators ?? [{ name: '', type: 'AUTHOR' }]);
  const [brands, setBrands] = useState(() => draftsOf(series));
  const [cover, setCover] = useState<{ key: string; url: string } | null>(
    series?.coverKey && series.coverUrl ? { key: series.coverKey, url: series.coverUrl } : null,
  );
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const { busy, error, done: saved, run, setError } = useAdminAction({ clearDone: true });

  const setBrand = (id: BrandId, patch: Partial<BrandDraft>) =>
    setBrands((all) => ({ ...all, [id]: { ...all[id], ...patch } }));

  async function uploadCover(file: File) {
    const form = new FormData();
    form.append('files', file);
    setError(null);
    setCoverProgress(0);
    try {
      const image = await uploadAdmin('images?purpose=covers', form, UploadedImage, {
        onProgress: ({ loaded, total }) => setCoverProgress(total > 0 ? loaded / total : 0),
      });
      setCover({ key: image.key, url: image.url });
    } catch (e) {
      setError(errorCodeOf(e));
    }
    setCoverProgress(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      slug: String(form.get('slug') ?? '').trim(),
      title: String(form.get('title') ?? ''),
      synopsis: String(form.get('synopsis') ?? ''),
      status: String(form.get('status')),
      schedule: form.getAll('schedule').map(String),
      isAdult: form.get('isAdult') === 'on',
      isBl: form.get('isBl') === 'on',
      contentKind: String(form.get('contentKind')),
      format: String(form.get('format')),
      coverKey: cover?.key ?? null,
      creators: creators.filter((c) => c.name.trim() !== ''),
      genres: form.getAll('genres').map(String),
      tags: String(form.get('tags') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      brands: PlatformId.options
        .filter((id) => brands[id].on)
        .map((id) => {
          const b = brands[id];
          return {
            brandId: id,
            title: b.title,
            synopsis: b.synopsis,
            publishedAt: zonedLocalToIso(b.publishedAt, BRANDS[id].timeZone),
            discountPercent: Number(b.discountPercent),
            freetimeIntervalHours: b.freetimeIntervalHours.trim() === '' ? null : Number(b.freetimeIntervalHours),
            freetimeExcludesLatest: Number(b.freetimeExcludesLatest),
          };
        }),
    };
    await run(async () => {
      const result = await saveAdmin(series && `series/${series.id}`, 'series', AdminSeriesDetail, input);
      if (series) router.refresh();
      else router.push(`/content/series/${result.id}`);
    });
  }

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <div className={ui.row}>
        <label className={ui.field}>
          <span>{t('series.slug')}</span>
          <input
            name="slug"
            defaultValue={series?.slug ?? ''}
            required
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            maxLength={80}
            aria-describedby="slug-hint"
          />
          <span id="slug-hint" className={ui.hint}>
            {t('series.slugHint')}
          </span>
        </label>
        <label className={ui.field}>
          <span>{t('series.originalTitle')}</span>
          <input name="title" defaultValue={series?.title ?? ''} required maxLength={200} />
        </label>
      </div>
      <label className={ui.field}>
        <span>{t('series.synopsis')}</span>
        <textarea name="synopsis" defaultValue={series?.synopsis ?? ''} maxLength={5000} />
      </label>
      <div className={ui.row}>
        <SelectField
          label={t('series.status')}
          name="status"
          options={ContentStatus.options}
          labelOf={(s) => t(`status.${s}`)}
          defaultValue={series?.status ?? 'SCHEDULED'}
        />
        <SelectField
          label={t('series.kind')}
          name="contentKind"
          options={ContentKind.options}
          labelOf={(k) => t(`kind.${k}`)}
          defaultValue={series?.contentKind ?? 'IMAGE'}
        />
        <SelectField
          label={t('series.format')}
          name="format"
          options={['SERIAL', 'SINGLE'] as const}
          labelOf={(f) => t(`format.${f}`)}
          defaultValue={series?.format ?? 'SERIAL'}
        />
      </div>
      <div className={ui.checks}>
        <label className={ui.check}>
          <input type="checkbox" name="isAdult" defaultChecked={series?.isAdult ?? false} />
          {t('series.adult')}
        </label>
        <label className={ui.check}>
          <input type="checkbox" name="isBl" defaultChecked={series?.isBl ?? false} />
          {t('series.bl')}
        </label>
      </div>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('series.schedule')}</legend>
        <div className={ui.checks}>
          {ScheduleKey.options.map((day) => (
            <label key={day} className={ui.check}>
              <input type="checkbox" name="schedule" value={day} defaultChecked={series?.schedule.includes(day)} />
              {t(`weekday.${day}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('series.genres')}</legend>
        <div className={ui.checks}>
          {Genre.options.map((genre) => (
            <label key={genre} className={ui.check}>
              <input type="checkbox" name="genres" value={genre} defaultChecked={series?.genres.includes(genre)} />
              {t(`genre.${genre}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className={ui.field}>
        <span>{t('series.tags')}</span>
        <input name="tags" defaultValue={series?.tags.join(', ') ?? ''} aria-describedby="tags-hint" />
        <span id="tags-hint" className={ui.hint}>
          {t('series.tagsHint')}
        </span>
      </label>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('series.creators')}</legend>
        {creators.map((creator, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; the index is their identity here.
          <div key={i} className={ui.row}>
            <label className={ui.field}>
              <span>{t('series.creatorName')}</span>
              <input
                value={creator.name}
                maxLength={100}
                onChange={(e) =>
                  setCreators((all) => all.map((c, k) => (k === i ? { ...c, name: e.target.value } : c)))
                }
              />
            </label>
            <label className={ui.field}>
              <span>{t('series.creatorType')}</span>
              <select
                value={creator.type}
                onChange={(e) =>
                  setCreators((all) =>
                    all.map((c, k) => (k === i ? { ...c, type: CreatorType.parse(e.target.value) } : c)),
                  )
                }
              >
                {CreatorType.options.map((type) => (
                  <option key={type} value={type}>
                    {t(`creatorType.${type}`)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className={ui.secondary}
              onClick={() => setCreators((all) => all.filter((_, k) => k !== i))}
              aria-label={t('series.removeCreator', { name: creator.name || String(i + 1) })}
            >
              ×
            </button>
          </div>
        ))}
        <div>
          <button
            type="button"
            className={ui.secondary}
            onClick={() => setCreators((all) => [...all, { name: '', type: 'ARTIST' }])}
          >
            {t('series.addCreator')}
          </button>
        </div>
      </fieldset>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('series.cover')}</legend>
        {cover ? (
          // biome-ignore lint/performance/noImgElement: the api's rendition, through the console's /media.
          <img className={styles.cover} src={`${cover.url}?w=640`} alt={t('series.coverAlt')} />
        ) : (
          <p className={ui.hint}>{t('series.noCover')}</p>
        )}
        <label className={ui.field}>
          <span>{t('series.uploadCover')}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void uploadCover(file);
              e.target.value = '';
            }}
          />
        </label>
        {coverProgress !== null ? (
          <progress max={1} value={coverProgress} aria-label={t('series.uploadCover')} />
        ) : null}
      </fieldset>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('series.brands')}</legend>
        <p className={ui.hint}>{t('series.brandsHint')}</p>
        {PlatformId.options.map((id) => {
          const b = brands[id];
          return (
            <div key={id} className={styles.brand}>
              <label className={ui.check}>
                <input type="checkbox" checked={b.on} onChange={(e) => setBrand(id, { on: e.target.checked })} />
                {t('series.showOn', { brand: id })}
              </label>
              {b.on ? (
                <div className={ui.form}>
                  <div className={ui.row}>
                    <label className={ui.field}>
                      <span>{t('series.brandTitle')}</span>
                      <input
                        value={b.title}
                        maxLength={200}
                        required
                        onChange={(e) => setBrand(id, { title: e.target.value })}
                      />
                    </label>
                    <label className={ui.field}>
                      <span>{t('series.brandPublishedAt', { zone: BRANDS[id].timeZone })}</span>
                      <input
                        type="datetime-local"
                        value={b.publishedAt}
                        required
                        onChange={(e) => setBrand(id, { publishedAt: e.target.value })}
                      />
                    </label>
                  </div>
                  <label className={ui.field}>
                    <span>{t('series.brandSynopsis')}</span>
                    <textarea
                      value={b.synopsis}
                      maxLength={5000}
                      onChange={(e) => setBrand(id, { synopsis: e.target.value })}
                    />
                  </label>
                  <div className={ui.row}>
                    <label className={ui.field}>
                      <span>{t('series.discount')}</span>
                      <input
                        type="number"
                        min={0}
                        max={90}
                        value={b.discountPercent}
                        onChange={(e) => setBrand(id, { discountPercent: e.target.value })}
                      />
                    </label>
                    <label className={ui.field}>
                      <span>{t('series.freetimeHours')}</span>
                      <input
                        type="number"
                        min={1}
                        max={720}
                        value={b.freetimeIntervalHours}
                        aria-describedby={`freetime-hint-${id}`}
                        onChange={(e) => setBrand(id, { freetimeIntervalHours: e.target.value })}
                      />
                      <span id={`freetime-hint-${id}`} className={ui.hint}>
                        {t('series.freetimeHint')}
                      </span>
                    </label>
                    <label className={ui.field}>
                      <span>{t('series.excludesLatest')}</span>
                      <input
                        type="number"
                        min={0}
                        max={1000}
                        value={b.freetimeExcludesLatest}
                        onChange={(e) => setBrand(id, { freetimeExcludesLatest: e.target.value })}
                      />
                    </label>
                  </div>
                </div>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <FormFooter error={error} label={t('series.save')} disabled={busy} success={saved ? t('series.saved') : null} />
    </form>
  );
}
