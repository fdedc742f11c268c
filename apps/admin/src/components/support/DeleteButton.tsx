'use client';

import { SupportDeleted } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { callAdmin } from '@/lib/client-api';

/** Deletes a notice, FAQ entry or FAQ category after a confirmation naming it. */
export function DeleteButton({ path, name }: { path: string; name: string }) {
  const t = useTranslations('Support');
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!window.confirm(t('confirmDelete', { name }))) return;
    setBusy(true);
    setError(null);
    try {
      await callAdmin(path, SupportDeleted, { method: 'DELETE' });
      router.refresh();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
    setBusy(false);
  }

  return (
    <>
      <button type="button" className={ui.danger} onClick={remove} disabled={busy}>
        {t('delete')}
      </button>
      {error ? <ErrorText code={error} /> : null}
    </>
  );
}
