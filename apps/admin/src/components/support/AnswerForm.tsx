'use client';

import { AdminContactAnswer, AdminContactRequest, CONTACT_ANSWER_MAX } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useId } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';

/**
 * Answers a contact request (again, if it was answered): the member sees it on their /qna page.
 * The answered request leaves the waiting list, so the inbox then shows it open among the
 * answered ones, with the confirmation above the list (InboxTab's `answered`).
 */
export function AnswerForm({ id, initial }: { id: number; initial: string }) {
  const t = useTranslations('Support');
  const router = useRouter();
  const fieldId = useId();
  const { busy, error, run, setError } = useAdminAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = AdminContactAnswer.safeParse({ answer: new FormData(event.currentTarget).get('answer') });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    await run(async () => {
      await callAdmin(`qna/${id}/answer`, AdminContactRequest, { method: 'POST', body: input.data });
      router.replace(`/support?tab=inbox&status=COMPLETED&answered=${id}`);
    });
  }

  return (
    <form className={ui.form} onSubmit={submit} noValidate>
      <label className={ui.field} htmlFor={fieldId}>
        <span>{initial ? t('inbox.answerAgain') : t('inbox.answer')}</span>
        <textarea id={fieldId} name="answer" defaultValue={initial} maxLength={CONTACT_ANSWER_MAX} required rows={6} />
      </label>
      <FormFooter error={error} label={t('inbox.send')} disabled={busy} />
    </form>
  );
}
