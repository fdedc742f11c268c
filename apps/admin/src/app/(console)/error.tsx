'use client';

import { useTranslations } from 'use-intl';
import ui from '@/components/ui/ui.module.css';

// A screen that failed to render (the api unreachable, an unexpected answer): said in words, with
// a retry; the shell around it stays usable. The error's detail stays in the server's log.
export default function ConsoleError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('Shell');
  return (
    <div className={ui.card} role="alert">
      <h1>{t('errorTitle')}</h1>
      <p>{t('errorText')}</p>
      <button type="button" className={ui.button} onClick={reset}>
        {t('retry')}
      </button>
    </div>
  );
}
