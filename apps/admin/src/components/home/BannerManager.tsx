'use client';

import { AdminBanner, AdminBannerList, AdminDeleted, DisplayChannel, UploadedImage } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { callAdmin, uploadAdmin } from '@/lib/client-api';
import { formatInstant, isoToZonedLocal, zonedLocalToIso } from '@/lib/format';
import styles from './Home.module.css';

interface Props {
  banners: AdminBanner[];
  locale: string;
  timeZone: string;
}

/** The brand's banners: their order (up and down), each one's schedule, a form to add or edit one. */
export function BannerManager({ banners: initial, locale, timeZone }: Props) {
  const t = useTranslations('HomeScreen');
  const router = useRouter();
  const [banners, setBanners] = useState(initial);
  const [editing, setEditing] = useState<AdminBanner | null>(null);
  const [image, setImage] = useState<{ key: string; url: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [formKey, setFormKey] = useState(0);

  const now = Date.now();
  const live = (b: AdminBanner) =>
    (!b.startsAt || Date.parse(b.startsAt) <= now) && (!b.endsAt || Date.parse(b.endsAt) > now);
  const windowOf = (b: AdminBanner) => {
    const from = formatInstant(b.startsAt, locale, timeZone);
    const to = formatInstant(b.endsAt, locale, timeZone);
    if (from && to) return t('window', { from, to });
    if (from) return t('from', { from });
    if (to) return t('until', { to });
    return t('always');
  };

  function edit(banner: AdminBanner | null) {
    setEditing(banner);
    setImage(banner ? { key: banner.imageKey, url: banner.imageUrl } : null);
    setError(null);
    setFormKey((k) => k + 1);
  }

  async function upload(file: File) {
    const form = new FormData();
    form.append('files', file, file.name);
    setProgress(0);
    setError(null);
    try {
      const uploaded = await uploadAdmin('images?purpose=banners', form, UploadedImage, {
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0),
      });
      setImage({ key: uploaded.key, url: uploaded.url });
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
    setProgress(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!image) {
      setError('INVALID_PARAMETER');
      return;
    }
    const form = new FormData(event.currentTarget);
    const body = {
      title: String(form.get('title') ?? ''),
      imageKey: image.key,
      linkUrl: String(form.get('linkUrl') ?? '').trim(),
      displayChannel: String(form.get('displayChannel')),
      startsAt: zonedLocalToIso(String(form.get('startsAt') ?? ''), timeZone),
      endsAt: zonedLocalToIso(String(form.get('endsAt') ?? ''), timeZone),
    };
    setError(null);
    try {
      const saved = await callAdmin(editing ? `banners/${editing.id}` : 'banners', AdminBanner, {
        method: editing ? 'PUT' : 'POST',
        body,
      });
      setBanners((all) => (editing ? all.map((b) => (b.id === saved.id ? saved : b)) : [...all, saved]));
      setStatus(t('saved'));
      edit(null);
      router.refresh();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
  }

  async function move(index: number, by: -1 | 1) {
    const moved = banners[index];
    if (!moved || index + by < 0 || index + by >= banners.length) return;
    const ids = banners.map((b) => b.id);
    ids.splice(index, 1);
    ids.splice(index + by, 0, moved.id);
    try {
      setBanners(await callAdmin('banners/order', AdminBannerList, { method: 'PUT', body: { ids } }));
      setStatus(t('orderSaved'));
      document.getElementById(`banner-${moved.id}-${by < 0 ? 'up' : 'down'}`)?.focus();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
  }

  async function remove(banner: AdminBanner) {
    if (!window.confirm(t('confirmDelete', { name: banner.title }))) return;
    try {
      await callAdmin(`banners/${banner.id}`, AdminDeleted, { method: 'DELETE' });
      setBanners((all) => all.filter((b) => b.id !== banner.id));
      if (editing?.id === banner.id) edit(null);
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
  }

  return (
    <section aria-labelledby="banners-title">
      <h2 id="banners-title">{t('banners.title')}</h2>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {banners.length === 0 ? (
        <p>{t('banners.empty')}</p>
      ) : (
        <ol className={styles.list}>
          {banners.map((banner, index) => (
            <li key={banner.id} className={styles.item}>
              {/* biome-ignore lint/performance/noImgElement: the api's rendition through the console's /media. */}
              <img src={`${banner.imageUrl}?w=640`} alt={t('banners.imageAlt', { name: banner.title })} />
              <div>
                <strong>{banner.title}</strong>
                <div className={ui.muted}>
                  {t(`banners.channels.${banner.displayChannel}`)} · {windowOf(banner)} ·{' '}
                  {live(banner) ? t('banners.live') : t('banners.notLive')}
                </div>
                <div className={ui.muted}>{banner.linkUrl}</div>
              </div>
              <div className={ui.actions}>
                <button
                  type="button"
                  id={`banner-${banner.id}-up`}
                  className={ui.secondary}
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                  aria-label={t('moveUp', { name: banner.title })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  id={`banner-${banner.id}-down`}
                  className={ui.secondary}
                  disabled={index === banners.length - 1}
                  onClick={() => void move(index, 1)}
                  aria-label={t('moveDown', { name: banner.title })}
                >
                  ↓
                </button>
                <button type="button" className={ui.secondary} onClick={() => edit(banner)}>
                  {t('edit')}
                </button>
                <button type="button" className={ui.danger} onClick={() => void remove(banner)}>
                  {t('delete')}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form key={formKey} className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <h3>{editing ? t('banners.editing', { name: editing.title }) : t('banners.new')}</h3>
        <label className={ui.field}>
          <span>{t('banners.name')}</span>
          <input name="title" defaultValue={editing?.title ?? ''} required maxLength={200} />
        </label>
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('banners.image')}</legend>
          {image ? (
            // biome-ignore lint/performance/noImgElement: the api's rendition through the console's /media.
            <img
              className={styles.preview}
              src={`${image.url}?w=640`}
              alt={t('banners.imageAlt', { name: editing?.title ?? '' })}
            />
          ) : (
            <p className={ui.hint}>{t('banners.noImage')}</p>
          )}
          <label className={ui.field}>
            <span>{t('banners.upload')}</span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
                e.target.value = '';
              }}
            />
          </label>
          {progress !== null ? <progress max={1} value={progress} aria-label={t('banners.upload')} /> : null}
        </fieldset>
        <label className={ui.field}>
          <span>{t('banners.link')}</span>
          <input name="linkUrl" defaultValue={editing?.linkUrl ?? ''} required aria-describedby="link-hint" />
          <span id="link-hint" className={ui.hint}>
            {t('banners.linkHint')}
          </span>
        </label>
        <label className={ui.field}>
          <span>{t('banners.channel')}</span>
          <select name="displayChannel" defaultValue={editing?.displayChannel ?? 'WEB'}>
            {DisplayChannel.options.map((c) => (
              <option key={c} value={c}>
                {t(`banners.channels.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <div className={ui.row}>
          <label className={ui.field}>
            <span>{t('startsAt', { zone: timeZone })}</span>
            <input
              type="datetime-local"
              name="startsAt"
              defaultValue={isoToZonedLocal(editing?.startsAt, timeZone)}
              aria-describedby="window-hint"
            />
          </label>
          <label className={ui.field}>
            <span>{t('endsAt', { zone: timeZone })}</span>
            <input
              type="datetime-local"
              name="endsAt"
              defaultValue={isoToZonedLocal(editing?.endsAt, timeZone)}
              aria-describedby="window-hint"
            />
          </label>
        </div>
        <p id="window-hint" className={ui.hint}>
          {t('windowHint')}
        </p>
        <ErrorText code={error} />
        <div className={ui.actions}>
          <button type="submit" className={ui.button}>
            {t('save')}
          </button>
          {editing ? (
            <button type="button" className={ui.secondary} onClick={() => edit(null)}>
              {t('cancel')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
