'use client';

import type { ReportKind } from '@balcony/contracts';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { downloadAdmin } from '@/lib/client-api';

/** Downloads one report as the api's CSV file, for the same range and brands as the page. */
export function CsvButton({
  kind,
  table,
  query,
}: {
  kind: ReportKind;
  table: string;
  query: { from: string; to: string; brands?: string | undefined };
}) {
  const t = useTranslations('Dashboard');
  const { busy, error, run } = useAdminAction();
  const [saved, setSaved] = useState<string | null>(null);

  async function download() {
    await run(async () => {
      setSaved(await downloadAdmin(`reports/${kind}.csv`, { query }, `${kind}-${query.from}-${query.to}.csv`));
    });
  }

  return (
    <div>
      <button
        type="button"
        className={ui.secondary}
        onClick={download}
        disabled={busy}
        aria-label={t('csvLabel', { table })}
      >
        {t('csv')}
      </button>
      <span role="status" className={ui.muted}>
        {saved ? ` ${t('csvDone', { file: saved })}` : ''}
      </span>
      {error ? <ErrorText code={error} /> : null}
    </div>
  );
}
