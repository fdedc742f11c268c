'use client';

import { AdminComment } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';

/** Hides a comment (BLIND) or shows it again, its reports forgotten. */
export function ModerateButton({ id, action }: { id: number; action: 'blind' | 'restore' }) {
  const t = useTranslations('Support');
  const router = useRouter();
  const { busy, error, run: act } = useAdminAction();

  async function run() {
    await act(async () => {
      await callAdmin(`comments/${id}/${action}`, AdminComment, { method: 'PUT' });
      router.refresh();
    });
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
