'use client';

import { AdminEpisode, type AdminPage, TEXT_PARAGRAPHS_PER_PAGE } from '@balcony/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';
import styles from './Content.module.css';

/** The body of a text episode: its text pages joined back into paragraphs, edited and saved whole. */
export function TextEditor({ episodeId, initial }: { episodeId: number; initial: AdminPage[] }) {
  const t = useTranslations('Content');
  const [body, setBody] = useState(() => initial.flatMap((p) => (p.kind === 'TEXT' ? [p.text] : [])).join('\n\n'));
  const { busy, error, run } = useAdminAction();
  const [saved, setSaved] = useState<number | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    await run(async () => {
      const episode = await callAdmin(`episodes/${episodeId}/text`, AdminEpisode, { method: 'PUT', body: { body } });
      setSaved(episode.pages.length);
    });
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
      <FormFooter
        error={error}
        label={t('text.save')}
        disabled={busy}
        success={saved !== null ? t('text.saved', { count: saved }) : null}
      />
    </form>
  );
}
