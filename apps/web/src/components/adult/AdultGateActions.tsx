'use client';

import type { BrandConfig } from '@balcony/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslations } from 'use-intl';
import { broadcastSessionChange } from '@/components/session/client';
import type { AdultPopupMode } from './AdultPopup';

// The popup (its birthday picker, and the contracts' schemas its calls check answers with) loads
// when it opens, not with every page that shows the gate.
const AdultPopup = lazy(() => import('./AdultPopup').then((module) => ({ default: module.AdultPopup })));

/** The adult gate's button: opens the adult popup, or shows adult content again for a verified adult. */
export function AdultGateActions({
  mode,
  brand,
  enableOnly,
  autoOpen,
}: {
  mode: AdultPopupMode;
  brand: BrandConfig;
  /** The member is a verified adult who switched adult display off. */
  enableOnly: boolean;
  /** Open the popup at once (not answered within the day). */
  autoOpen: boolean;
}) {
  const t = useTranslations('AdultPopup');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  // Opened after hydration: the popup exists only in the browser.
  useEffect(() => {
    if (autoOpen) setOpen(true);
  }, [autoOpen]);

  if (enableOnly) {
    return (
      <button
        type="button"
        className="button"
        disabled={pending}
        data-testid="adult-gate-enable"
        onClick={async () => {
          setPending(true);
          // Spec §4/§8: the toggle's failure is logged only; the page shows the truth after reload.
          const { setAdultDisplay } = await import('./AdultPopup');
          await setAdultDisplay(true);
          broadcastSessionChange();
          window.location.reload();
        }}
      >
        {t('gateEnable')}
      </button>
    );
  }
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)} data-testid="adult-gate-verify">
        {t('gateVerify')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AdultPopup mode={mode} brand={brand} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
