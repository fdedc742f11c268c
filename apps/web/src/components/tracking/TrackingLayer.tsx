'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { expireCookie } from '@/components/auth/ForgetLoginFlags';
import { COOKIES } from '@/lib/session/cookies';
import {
  CONSENT_CHANGED_EVENT,
  CONSENT_OPEN_EVENT,
  cookieValue,
  grantedNow,
  readConsent,
} from '@/lib/tracking/consent';
import { createEventLayer, inFingerprintSample } from '@/lib/tracking/events';
import { facebookSink, loggerSink, logSink } from '@/lib/tracking/sinks';
import { events, setEventLayer } from '@/lib/tracking/tracking';
import { ConsentBanner } from './ConsentBanner';

/** The calls module, loaded on the first measurement sent (it brings zod). */
const calls = () => import('./tracking-calls');

/**
 * The page's event layer (decision 0260): installed once, it reports page views (and 0.1 % of
 * them as the fingerprint sample), a sign-up the session flagged, and the shop's conversions,
 * each to the sinks the reader's consent allows. On the brands that ask consent it shows the
 * banner until the reader chooses, and again when the footer link asks (decision 0263); the
 * server renders it, so a first visit sees it in the first paint (decision 0295).
 */
export function TrackingLayer({ asks }: { asks: boolean }) {
  const pathname = usePathname();
  // 'first': rendered by the server for a first visit, in the first paint, hidden before that
  // paint for a reader whose browser holds a consent cookie (decision 0295), until the cookie is read.
  const [banner, setBanner] = useState<'first' | 'open' | 'closed'>(asks ? 'first' : 'closed');
  const [openedOnRequest, setOpenedOnRequest] = useState(false);

  useEffect(() => {
    setEventLayer(
      createEventLayer({
        sinks: [
          logSink((line, emitted) => {
            if (process.env.NODE_ENV === 'development') console.debug(line, emitted);
          }),
          loggerSink((body) => void calls().then(({ postLog }) => postLog(body))),
          facebookSink(
            (body) => void calls().then(({ postConversion }) => postConversion(body)),
            () => crypto.randomUUID(),
          ),
        ],
        granted: () => grantedNow(asks, document.cookie),
        href: () => window.location.href,
      }),
    );
    setBanner(asks && readConsent(document.cookie) === null ? 'open' : 'closed');
    const open = () => {
      setOpenedOnRequest(true);
      setBanner('open');
    };
    const changed = () => setBanner('closed');
    window.addEventListener(CONSENT_OPEN_EVENT, open);
    window.addEventListener(CONSENT_CHANGED_EVENT, changed);
    return () => {
      window.removeEventListener(CONSENT_OPEN_EVENT, open);
      window.removeEventListener(CONSENT_CHANGED_EVENT, changed);
    };
  }, [asks]);

  useEffect(() => {
    events().emit({ name: 'page_view', path: pathname });
    if (inFingerprintSample()) {
      events().emit({
        name: 'fingerprint_sample',
        cookieEnabled: navigator.cookieEnabled,
        deviceIdScheme: 'random-cookie',
      });
    }
    // Spec §4: a new sign-up sets check-sign-up for an hour; it is reported once, then cleared.
    if (cookieValue(document.cookie, COOKIES.checkSignUp.name) !== undefined) {
      events().emit({ name: 'sign_up' });
      expireCookie(COOKIES.checkSignUp.name);
    }
  }, [pathname]);

  if (banner === 'closed') return null;
  return <ConsentBanner takeFocus={openedOnRequest} beforeReading={banner === 'first'} />;
}
