'use client';

import { AdminPolicyVersion, PolicyKind, PolicyPublishRequest } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { RichTextEditor } from '@/components/RichTextEditor';
import { FormFooter } from '@/components/ui/FormFooter';
import { SelectField } from '@/components/ui/SelectField';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
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
  const { busy, error, run, setError } = useAdminAction();
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
    await run(async () => {
      setPublished(await callAdmin('policies', AdminPolicyVersion, { method: 'POST', body: input.data }));
      formElement.reset();
      setBody('');
      setEditorKey((key) => key + 1);
      router.refresh();
    });
  }

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <div className={ui.row}>
        <SelectField
          label={t('policies.kind')}
          name="kind"
          options={PolicyKind.options}
          labelOf={(kind) => t(`policies.kinds.${kind}`)}
          defaultValue={'TERMS'}
        />
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
      <FormFooter
        error={error}
        label={t('policies.publish')}
        disabled={busy}
        success={published ? t('policies.published', { version: published.version }) : null}
      />
    </form>
  );
}
