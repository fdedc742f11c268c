'use client';

import { AdminEpisode, type AdminPage, TEXT_PARAGRAPHS_PER_PAGE } from '@balcony/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { callAdmin } from '@/lib/client-api';
import styles from './Content.module.css';

/** The body of a text episode: its text pages joined back into paragraphs, edited and saved whole. */
export function TextEditor({ episodeId, initial }: { episodeId: number; initial: AdminPage[] }) {
  const t = useTranslations('Content');
  const [body, setBody] = useState(() => initial.flatMap((p) => (p.kind === 'TEXT' ? [p.text] : [])).join('\n\n'));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      const episode = await callAdmin(`episodes/${episodeId}/text`, AdminEpisode, { method: 'PUT', body: { body } });
      setSaved(episode.pages.length);
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
    setBusy(false);
  }

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} aria-labelledby="text-title">
      <h2 id="text-title">{t('text.title')}</h2>
      <label className={ui.field}>
        <span>{t('text.label')}</span>
        <textarea
          className={styles.textarea}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby="text-hint"
          maxLength={200_000}
        />
        <span id="text-hint" className={ui.hint}>
          {t('text.hint', { count: TEXT_PARAGRAPHS_PER_PAGE })}
        </span>
      </label>
      <ErrorText code={error} />
      {saved !== null ? (
        <p className={ui.success} role="status">
          {t('text.saved', { count: saved })}
        </p>
      ) : null}
      <div>
        <button type="submit" className={ui.button} disabled={busy}>
          {t('text.save')}
        </button>
      </div>
    </form>
  );
}
