'use client';

import { AdminNotice, NoticeInput } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { SanitizedHtml } from '@/components/editor/SanitizedHtml';
import { RichTextEditor } from '@/components/RichTextEditor';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { callAdmin } from '@/lib/client-api';
import { isoToZonedLocal, zonedLocalToIso } from '@/lib/format';

type Publish = 'now' | 'draft' | 'later';

function publishOf(notice: AdminNotice | null): Publish {
  if (!notice) return 'now';
  if (notice.state === 'DRAFT') return 'draft';
  return notice.state === 'SCHEDULED' ? 'later' : 'now';
}

/**
 * Writes or replaces a notice: title, rich-text body, pinned, and when it shows (now, a draft, or
 * a time of the brand's zone). After saving, the body as the api stored it (sanitised) is shown.
 */
export function NoticeEditor({ notice, timeZone }: { notice: AdminNotice | null; timeZone: string }) {
  const t = useTranslations('Support');
  const router = useRouter();
  const [body, setBody] = useState(notice?.body ?? '');
  const [publish, setPublish] = useState<Publish>(publishOf(notice));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<AdminNotice | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const at = zonedLocalToIso(String(form.get('publishedAt') ?? ''), timeZone);
    if (publish === 'later' && !at) {
      setError('INVALID_PARAMETER');
      return;
    }
    const input = NoticeInput.safeParse({
      title: form.get('title'),
      body,
      pinned: form.get('pinned') === 'on',
      // Editing a published notice keeps its date; a new one shows now (omitted).
      publishedAt:
        publish === 'draft'
          ? null
          : publish === 'later'
            ? at
            : notice?.state === 'PUBLISHED'
              ? notice.publishedAt
              : undefined,
    });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await callAdmin(notice ? `notices/${notice.id}` : 'notices', AdminNotice, {
        method: notice ? 'PUT' : 'POST',
        body: input.data,
      });
      setSaved(result);
      router.refresh();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
    setBusy(false);
  }

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <label className={ui.field}>
        <span>{t('notices.noticeTitle')}</span>
        <input name="title" defaultValue={notice?.title ?? ''} required maxLength={200} />
      </label>
      <RichTextEditor label={t('notices.body')} initialHtml={notice?.body ?? ''} onChange={setBody} />
      <label className={ui.check}>
        <input type="checkbox" name="pinned" defaultChecked={notice?.pinned ?? false} />
        {t('notices.pin')}
      </label>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('notices.when')}</legend>
        <div className={ui.checks}>
          {(['now', 'draft', 'later'] as const).map((option) => (
            <label key={option} className={ui.check}>
              <input
                type="radio"
                name="publish"
                value={option}
                checked={publish === option}
                onChange={() => setPublish(option)}
              />
              {t(`notices.publish.${option}`)}
            </label>
          ))}
        </div>
        {publish === 'later' ? (
          <label className={ui.field}>
            <span>{t('notices.publishAt', { zone: timeZone })}</span>
            <input
              type="datetime-local"
              name="publishedAt"
              defaultValue={isoToZonedLocal(notice?.publishedAt, timeZone)}
              required
            />
          </label>
        ) : null}
      </fieldset>
      <ErrorText code={error} />
      <div>
        <button type="submit" className={ui.button} disabled={busy}>
          {t('save')}
        </button>
      </div>
      {saved ? (
        <div role="status">
          <p className={ui.success}>{t('savedAs', { state: t(`notices.states.${saved.state}`) })}</p>
          <SanitizedHtml html={saved.body} label={t('sanitised')} />
        </div>
      ) : null}
    </form>
  );
}
