'use client';

import { AdminBanner, AdminBannerList, DisplayChannel, UploadedImage } from '@balcony/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { SelectField } from '@/components/ui/SelectField';
import ui from '@/components/ui/ui.module.css';
import { errorCodeOf } from '@/components/ui/useAdminAction';
import { uploadAdmin } from '@/lib/client-api';
import { zonedLocalToIso } from '@/lib/format';
import styles from './Home.module.css';
import { OrderedItemFormFooter, OrderedItems, useOrderedItems } from './OrderedItems';
import { WindowFields } from './WindowFields';

interface Props {
  banners: AdminBanner[];
  locale: string;
  timeZone: string;
}

/** The brand's banners: their order (up and down), each one's schedule, a form to add or edit one. */
export function BannerManager({ banners: initial, locale, timeZone }: Props) {
  const t = useTranslations('HomeScreen');
  const [image, setImage] = useState<{ key: string; url: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const list = useOrderedItems(initial, {
    path: 'banners',
    itemSchema: AdminBanner,
    listSchema: AdminBannerList,
    idPrefix: 'banner',
    locale,
    timeZone,
    onEdit: (banner) => setImage(banner ? { key: banner.imageKey, url: banner.imageUrl } : null),
  });
  const { editing, setError } = list;

  const now = Date.now();
  const live = (b: AdminBanner) =>
    (!b.startsAt || Date.parse(b.startsAt) <= now) && (!b.endsAt || Date.parse(b.endsAt) > now);

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
      setError(errorCodeOf(e));
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
    await list.save({
      title: String(form.get('title') ?? ''),
      imageKey: image.key,
      linkUrl: String(form.get('linkUrl') ?? '').trim(),
      displayChannel: String(form.get('displayChannel')),
      startsAt: zonedLocalToIso(String(form.get('startsAt') ?? ''), timeZone),
      endsAt: zonedLocalToIso(String(form.get('endsAt') ?? ''), timeZone),
    });
  }

  return (
    <section aria-labelledby="banners-title">
      <h2 id="banners-title">{t('banners.title')}</h2>
      <OrderedItems list={list} empty={t('banners.empty')} itemClassName={styles.item}>
        {(banner) => (
          <>
            {/* biome-ignore lint/performance/noImgElement: the api's rendition through the console's /media. */}
            <img src={`${banner.imageUrl}?w=640`} alt={t('banners.imageAlt', { name: banner.title })} />
            <div>
              <strong>{banner.title}</strong>
              <div className={ui.muted}>
                {t(`banners.channels.${banner.displayChannel}`)} · {list.windowOf(banner)} ·{' '}
                {live(banner) ? t('banners.live') : t('banners.notLive')}
              </div>
              <div className={ui.muted}>{banner.linkUrl}</div>
            </div>
          </>
        )}
      </OrderedItems>
      <form key={list.formKey} className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
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
        <SelectField
          label={t('banners.channel')}
          name="displayChannel"
          options={DisplayChannel.options}
          labelOf={(c) => t(`banners.channels.${c}`)}
          defaultValue={editing?.displayChannel ?? 'WEB'}
        />
        <WindowFields item={editing} timeZone={timeZone} describedBy="window-hint" />
        <p id="window-hint" className={ui.hint}>
          {t('windowHint')}
        </p>
        <OrderedItemFormFooter list={list} />
      </form>
    </section>
  );
}
