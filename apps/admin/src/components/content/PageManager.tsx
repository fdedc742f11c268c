'use client';

import { AdminEpisode, type AdminPage } from '@balcony/contracts';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { errorCodeOf, useAdminAction } from '@/components/ui/useAdminAction';
import { useErrorText } from '@/components/ui/useErrorText';
import { callAdmin, uploadAdmin } from '@/lib/client-api';
import styles from './Content.module.css';

interface QueuedFile {
  id: number;
  file: File;
  loaded: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  code?: string;
}

let nextFileId = 1;

/** A signed page address with a rendition width added (the signature covers the key only). */
function thumbnail(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=640`;
}

/**
 * An image episode's pages: many files dropped or chosen at once are sent one request each, in
 * file-name order, with each file's progress and the total; pages move up or down (buttons, so
 * the keyboard works), are replaced or deleted. Every change answers the episode's pages anew.
 */
export function PageManager({ episodeId, initial }: { episodeId: number; initial: AdminPage[] }) {
  const t = useTranslations('Content');
  const errorText = useErrorText();
  const [pages, setPages] = useState(initial);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const { error, run: act } = useAdminAction();
  const [status, setStatus] = useState('');
  const running = useRef(false);
  const pending = useRef<QueuedFile[]>([]);

  const update = (id: number, patch: Partial<QueuedFile>) =>
    setQueue((all) => all.map((f) => (f.id === id ? { ...f, ...patch } : f)));

  async function drain() {
    if (running.current) return;
    running.current = true;
    for (let item = pending.current.shift(); item; item = pending.current.shift()) {
      const current = item;
      update(current.id, { state: 'uploading' });
      const form = new FormData();
      form.append('files', current.file, current.file.name);
      try {
        const episode = await uploadAdmin(`episodes/${episodeId}/pages`, form, AdminEpisode, {
          onProgress: ({ loaded }) => update(current.id, { loaded }),
        });
        setPages(episode.pages);
        update(current.id, { state: 'done', loaded: current.file.size });
      } catch (e) {
        update(current.id, { state: 'failed', code: errorCodeOf(e) });
      }
    }
    running.current = false;
  }

  function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const sorted = [...files].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    const items = sorted.map((file) => ({ id: nextFileId++, file, loaded: 0, state: 'waiting' as const }));
    pending.current.push(...items);
    setQueue((all) => [...all.filter((f) => f.state !== 'done'), ...items]);
    void drain();
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  }

  async function run(action: () => Promise<AdminEpisode>, message = '') {
    await act(async () => {
      setPages((await action()).pages);
      setStatus(message);
    });
  }

  function move(index: number, by: -1 | 1) {
    const target = index + by;
    const moved = pages[index];
    if (!moved || target < 0 || target >= pages.length) return;
    const order = pages.map((p) => p.id);
    order.splice(index, 1);
    order.splice(target, 0, moved.id);
    void run(
      () => callAdmin(`episodes/${episodeId}/pages/order`, AdminEpisode, { method: 'PUT', body: { pageIds: order } }),
      t('pages.orderSaved'),
    ).then(() => document.getElementById(`page-${moved.id}-${by < 0 ? 'up' : 'down'}`)?.focus());
  }

  function replace(page: AdminPage, file: File) {
    const form = new FormData();
    form.append('files', file, file.name);
    void run(() => uploadAdmin(`episodes/${episodeId}/pages/${page.id}`, form, AdminEpisode, { method: 'PUT' }));
  }

  function remove(page: AdminPage) {
    if (!window.confirm(t('pages.confirmDelete', { n: page.position }))) return;
    void run(() => callAdmin(`episodes/${episodeId}/pages/${page.id}`, AdminEpisode, { method: 'DELETE' }));
  }

  const totalBytes = queue.reduce((n, f) => n + f.file.size, 0);
  const sentBytes = queue.reduce((n, f) => n + (f.state === 'done' ? f.file.size : f.loaded), 0);
  const done = queue.filter((f) => f.state === 'done' || f.state === 'failed').length;

  return (
    <section className={ui.card} aria-labelledby="pages-title">
      <h2 id="pages-title">{t('pages.title')}</h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is the pointer's shortcut; the file input inside is the keyboard's way. */}
      <div
        className={`${styles.drop} ${dragging ? styles.dropActive : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('pages.drop')}</p>
        <label className={ui.secondary}>
          {t('pages.choose')}
          <input
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
            data-testid="page-files"
          />
        </label>
        <p className={ui.hint}>{t('pages.dropHint')}</p>
      </div>
      {queue.length > 0 ? (
        <div className={styles.total}>
          <label>
            {t('pages.total')} — {t('pages.uploading', { done, count: queue.length })}
            <progress max={totalBytes || 1} value={sentBytes} />
          </label>
          <ul className={styles.files} aria-live="polite">
            {queue.map((f) => (
              <li key={f.id}>
                {f.state === 'done' ? (
                  t('pages.fileDone', { name: f.file.name })
                ) : f.state === 'failed' ? (
                  <span className={ui.error}>
                    {t('pages.fileFailed', { name: f.file.name })} — {errorText(f.code ?? 'INTERNAL_ERROR')}
                  </span>
                ) : (
                  <label>
                    {t('pages.fileProgress', { name: f.file.name })}
                    <progress max={f.file.size || 1} value={f.loaded} />
                  </label>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ErrorText code={error} />
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {pages.length === 0 ? (
        <p>{t('pages.empty')}</p>
      ) : (
        <ol className={styles.pages} data-testid="page-list">
          {pages.map((page, index) => (
            <li key={page.id} className={styles.page}>
              <strong>{t('pages.page', { n: page.position })}</strong>
              {page.kind === 'IMAGE' ? (
                // biome-ignore lint/performance/noImgElement: a signed rendition through the console's /media.
                <img
                  src={thumbnail(page.url)}
                  alt={t('pages.pageAlt', { n: page.position, width: page.width, height: page.height })}
                  loading="lazy"
                />
              ) : null}
              <div className={styles.pageActions}>
                <button
                  type="button"
                  id={`page-${page.id}-up`}
                  className={ui.secondary}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={t('pages.moveUp', { n: page.position })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  id={`page-${page.id}-down`}
                  className={ui.secondary}
                  disabled={index === pages.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={t('pages.moveDown', { n: page.position })}
                >
                  ↓
                </button>
                <label className={ui.secondary}>
                  {t('pages.replace', { n: page.position })}
                  <input
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    className="visually-hidden"
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file) replace(page, file);
                      e.target.value = '';
                    }}
                  />
                </label>
                <button type="button" className={ui.danger} onClick={() => remove(page)}>
                  {t('pages.delete', { n: page.position })}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
