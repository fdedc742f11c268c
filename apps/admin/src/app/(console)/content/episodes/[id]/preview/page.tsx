import { EpisodePreview } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/content/Content.module.css';
import { Forbidden } from '@/components/ui/Forbidden';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api, loadRecord } from '@/lib/api';
import { getConsole, may } from '@/lib/console';
import { formatInstant } from '@/lib/format';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Content'))('episode.preview') };
}

// An episode as the reader viewer shows it, published or not (decision 0232): the viewer's own
// answer from the admin preview call, drawn as the viewer draws it (a strip of images at the
// reading width, or the text pages), in the brand picked in the header.
export default async function EpisodePreviewPage({ params }: Props) {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['CONTENT'])) return <Forbidden />;
  const t = await getT('Content');
  const preview = await loadRecord((await params).id, (id) => api(`/admin/episodes/${id}/preview`, EpisodePreview));
  return (
    <>
      <p>
        <Link href={`/content/episodes/${preview.episode.id}`}>{t('preview.back')}</Link>
      </p>
      <h1>{t('preview.title', { number: preview.episode.number, title: preview.episode.title })}</h1>
      <p className={ui.hint}>{t('preview.note', { brand: brand.id })}</p>
      {preview.pagesExpireAt ? (
        <p className={ui.hint}>
          {t('preview.expires', { when: formatInstant(preview.pagesExpireAt, locale, brand.timeZone) })}
        </p>
      ) : null}
      <h2>{preview.series.title}</h2>
      {preview.pages.length === 0 ? (
        <p>{t('preview.empty')}</p>
      ) : (
        <div className={styles.viewer} data-testid="preview-viewer">
          {preview.pages.map((page) =>
            page.kind === 'IMAGE' ? (
              // biome-ignore lint/performance/noImgElement: signed page images through the console's /media, as the viewer loads them.
              <img
                key={page.index}
                src={`${page.url}&w=1200`}
                alt={t('pages.page', { n: page.index })}
                width={page.width}
                height={page.height}
                loading={page.index <= 2 ? 'eager' : 'lazy'}
              />
            ) : (
              <div key={page.index} className={styles.textPage}>
                {page.text}
              </div>
            ),
          )}
        </div>
      )}
    </>
  );
}
