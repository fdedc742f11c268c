'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useTranslations } from 'use-intl';
import { AuthMessage } from '@/components/auth/AuthMessage';
import { onSessionBroadcast } from '@/components/session/client';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import type { MessageCode } from '@/lib/errors/error-codes';

/** The popup window the provider's page opens in (the form's `target`). */
const POPUP_NAME = 'carrier-identity';
/** The popup's size: the provider's pages are made for a phone-sized window. */
const POPUP_FEATURES = 'popup,width=480,height=720';

/**
 * The Korean carrier identity check (spec §6, decision 0271): opens the provider's page in a popup
 * with a new attempt's signed request. The callback page tells the other tabs when the check
 * succeeded, and this page then shows what the member may now read.
 */
export function CarrierIdentityButton() {
  const t = useTranslations('CarrierIdentity');
  const errorText = useErrorText();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<MessageCode | null>(null);

  useEffect(() => onSessionBroadcast(() => router.refresh()), [router]);

  async function start() {
    setPending(true);
    setError(null);
    // Opened within the click, before anything is awaited, or the browser blocks it.
    const popup = window.open('', POPUP_NAME, POPUP_FEATURES);
    try {
      const { openAttempt, postToProvider } = await import('./carrier-calls');
      const form = await openAttempt();
      // Without a popup (blocked, or a phone's browser), the provider's page opens in this tab.
      postToProvider(form, popup ? POPUP_NAME : '_self');
    } catch (failure) {
      popup?.close();
      setError(codeOf(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button type="button" className="button" disabled={pending} onClick={start} data-testid="carrier-identity-start">
        {t('start')}
      </button>
      {error && <AuthMessage code={error} text={errorText(error)} testId="carrier-identity-error" />}
    </>
  );
}
