'use client';

import { AdminComment } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { callAdmin } from '@/lib/client-api';

/** Hides a comment (BLIND) or shows it again, its reports forgotten. */
export function ModerateButton({ id, action }: { id: number; action: 'blind' | 'restore' }) {
  const t = useTranslations('Support');
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      await callAdmin(`comments/${id}/${action}`, AdminComment, { method: 'PUT' });
      router.refresh();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
    setBusy(false);
  }

  return (
    <>
      <button type="button" className={action === 'blind' ? ui.danger : ui.secondary} onClick={run} disabled={busy}>
        {t(`comments.${action}`)}
      </button>
      {error ? <ErrorText code={error} /> : null}
    </>
  );
}
