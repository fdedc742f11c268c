'use client';

import type { ReportKind } from '@balcony/contracts';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      setSaved(await downloadAdmin(`reports/${kind}.csv`, { query }, `${kind}-${query.from}-${query.to}.csv`));
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
    setBusy(false);
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
