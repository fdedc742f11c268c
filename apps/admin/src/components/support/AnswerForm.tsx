'use client';

import { AdminContactAnswer, AdminContactRequest, CONTACT_ANSWER_MAX } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { callAdmin } from '@/lib/client-api';

/** Answers a contact request (again, if it was answered): the member sees it on their /qna page. */
export function AnswerForm({ id, initial }: { id: number; initial: string }) {
  const t = useTranslations('Support');
  const router = useRouter();
  const fieldId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = AdminContactAnswer.safeParse({ answer: new FormData(event.currentTarget).get('answer') });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await callAdmin(`qna/${id}/answer`, AdminContactRequest, { method: 'POST', body: input.data });
      setSent(true);
      router.refresh();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
    setBusy(false);
  }

  return (
    <form className={ui.form} onSubmit={submit} noValidate>
      <label className={ui.field} htmlFor={fieldId}>
        <span>{initial ? t('inbox.answerAgain') : t('inbox.answer')}</span>
        <textarea id={fieldId} name="answer" defaultValue={initial} maxLength={CONTACT_ANSWER_MAX} required rows={6} />
      </label>
      <ErrorText code={error} />
      {sent ? (
        <p className={ui.success} role="status">
          {t('inbox.sent')}
        </p>
      ) : null}
      <div>
        <button type="submit" className={ui.button} disabled={busy}>
          {t('inbox.send')}
        </button>
      </div>
    </form>
  );
}
