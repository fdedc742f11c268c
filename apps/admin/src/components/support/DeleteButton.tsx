'use client';

import { SupportDeleted } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';

/** Deletes a notice, FAQ entry or FAQ category after a confirmation naming it. */
export function DeleteButton({ path, name }: { path: string; name: string }) {
  const t = useTranslations('Support');
  const router = useRouter();
  const { busy, error, run: act } = useAdminAction();

  async function remove() {
    if (!window.confirm(t('confirmDelete', { name }))) return;
    await act(async () => {
      await callAdmin(path, SupportDeleted, { method: 'DELETE' });
      router.refresh();
    });
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
