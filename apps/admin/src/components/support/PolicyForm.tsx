'use client';

import { AdminPolicyVersion, PolicyKind, PolicyPublishRequest } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { RichTextEditor } from '@/components/RichTextEditor';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { callAdmin } from '@/lib/client-api';
import { zonedLocalToIso } from '@/lib/format';

/**
 * Publishes the next version of the terms or the privacy policy, in force now or from a time of
 * the brand's zone. Versions are never edited: a correction is a new version.
 */
export function PolicyForm({ timeZone }: { timeZone: string }) {
  const t = useTranslations('Support');
  const router = useRouter();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<AdminPolicyVersion | null>(null);
  const [editorKey, setEditorKey] = useState(0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const local = String(form.get('inForceAt') ?? '');
    const inForceAt = local ? zonedLocalToIso(local, timeZone) : undefined;
    const input = PolicyPublishRequest.safeParse({
      kind: form.get('kind'),
      title: form.get('title'),
      body,
      inForceAt: inForceAt ?? undefined,
    });
    if (!input.success || inForceAt === null) {
      setError('INVALID_PARAMETER');
      return;
    }
    if (!window.confirm(t('policies.confirm'))) return;
    setBusy(true);
    setError(null);
    try {
      setPublished(await callAdmin('policies', AdminPolicyVersion, { method: 'POST', body: input.data }));
      formElement.reset();
      setBody('');
      setEditorKey((key) => key + 1);
      router.refresh();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
    setBusy(false);
  }

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <div className={ui.row}>
        <label className={ui.field}>
          <span>{t('policies.kind')}</span>
          <select name="kind" defaultValue="TERMS">
            {PolicyKind.options.map((kind) => (
              <option key={kind} value={kind}>
                {t(`policies.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          <span>{t('policies.inForceAt', { zone: timeZone })}</span>
          <input type="datetime-local" name="inForceAt" aria-describedby="in-force-hint" />
        </label>
      </div>
      <small id="in-force-hint" className={ui.hint}>
        {t('policies.inForceHint')}
      </small>
      <label className={ui.field}>
        <span>{t('policies.versionTitle')}</span>
        <input name="title" required maxLength={200} />
      </label>
      <RichTextEditor key={editorKey} label={t('policies.body')} onChange={setBody} />
      <ErrorText code={error} />
      {published ? (
        <p className={ui.success} role="status">
          {t('policies.published', { version: published.version })}
        </p>
      ) : null}
      <div>
        <button type="submit" className={ui.button} disabled={busy}>
          {t('policies.publish')}
        </button>
      </div>
    </form>
  );
}
