'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import styles from '@/components/auth/Auth.module.css';
import { AuthMessage } from '@/components/auth/AuthMessage';
import { broadcastSessionChange } from '@/components/session/client';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import type { MessageCode } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import { verifyResult } from './carrier-calls';

/** Failures this page puts in its own words; any other code reads as the catalogue's. */
const OWN_WORDS = {
  Callback: 'cancelled',
  ALREADY_USE_SMS: 'used',
  TIMEOUT: 'expired',
  INVALID_PARAMETER: 'invalid',
} as const;

type State = { kind: 'checking' } | { kind: 'verified' } | { kind: 'failed'; code: MessageCode };

/**
 * /callback/auth-mobilians (spec §2): the provider sent the reader back with its signed result; it
 * is handed to the api once (POST /user/auth/adult/kr), and the other tabs are told when the
 * member is verified. In the popup, the reader closes it; without one, goes on to the home page.
 */
export function CarrierCallback({ encodeData }: { encodeData: string | null }) {
  const t = useTranslations('CarrierIdentity');
  const errorText = useErrorText();
  const [state, setState] = useState<State>(
    encodeData ? { kind: 'checking' } : { kind: 'failed', code: 'INVALID_PARAMETER' },
  );
  const [inPopup, setInPopup] = useState(false);
  const sent = useRef(false);

  useEffect(() => {
    setInPopup(window.opener !== null);
    // A result is used once: a second effect (a remount) must not send it again.
    if (!encodeData || sent.current) return;
    sent.current = true;
    verifyResult(encodeData).then(
      () => {
        broadcastSessionChange();
        setState({ kind: 'verified' });
      },
      (failure: unknown) => setState({ kind: 'failed', code: codeOf(failure) }),
    );
  }, [encodeData]);

  const title = state.kind === 'checking' ? t('checking') : state.kind === 'verified' ? t('verified') : t('failed');
  return (
    <div className={`${styles.screen} ${styles.center}`} data-testid="carrier-callback" data-state={state.kind}>
      <h1 className={styles.title} role="status">
        {title}
      </h1>
      {state.kind === 'verified' && <p>{t('verifiedText')}</p>}
      {state.kind === 'failed' && (
        <AuthMessage
          code={state.code}
          text={state.code in OWN_WORDS ? t(OWN_WORDS[state.code as keyof typeof OWN_WORDS]) : errorText(state.code)}
          testId="carrier-callback-error"
        />
      )}
      {state.kind !== 'checking' && (
        <div className={styles.buttons}>
          {inPopup ? (
            <button
              type="button"
              className="button"
              onClick={() => window.close()}
              data-testid="carrier-callback-close"
            >
              {t('close')}
            </button>
          ) : (
            <Link href={routes.home} className="button" data-testid="carrier-callback-continue">
              {t('continue')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
