'use client';

import { AdminNotice, NoticeInput } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { SanitizedHtml } from '@/components/editor/SanitizedHtml';
import { RichTextEditor } from '@/components/RichTextEditor';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { saveAdmin } from '@/lib/client-api';
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
  const { busy, error, run, setError } = useAdminAction();
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
    await run(async () => {
      const result = await saveAdmin(notice && `notices/${notice.id}`, 'notices', AdminNotice, input.data);
      setSaved(result);
      router.refresh();
    });
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
      <FormFooter
        error={error}
        label={t('save')}
        disabled={busy}
        success={saved ? t('savedAs', { state: t(`notices.states.${saved.state}`) }) : null}
        successDetails={saved ? <SanitizedHtml html={saved.body} label={t('sanitised')} /> : null}
        successLast
      />
    </form>
  );
}
