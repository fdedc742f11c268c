'use client';

import { AdminAccount } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';

/** Disables (ending their sessions at once) or enables an admin, after a confirmation. */
export function AccountStatusButton({ id, name, status }: { id: number; name: string; status: 'ACTIVE' | 'DISABLED' }) {
  const t = useTranslations('Accounts');
  const router = useRouter();
  const { busy, error, run: act } = useAdminAction();
  const next = status === 'ACTIVE' ? 'DISABLED' : 'ACTIVE';

  async function change() {
    if (!window.confirm(next === 'DISABLED' ? t('confirmDisable', { name }) : t('confirmEnable', { name }))) return;
    await act(async () => {
      await callAdmin(`accounts/${id}/status`, AdminAccount, { method: 'PUT', body: { status: next } });
      router.refresh();
    });
  }

  return (
    <div>
      <button type="button" className={next === 'DISABLED' ? ui.danger : ui.secondary} onClick={change} disabled={busy}>
        {next === 'DISABLED' ? t('disable') : t('enable')}
      </button>
      {error ? <ErrorText code={error} /> : null}
    </div>
  );
}
