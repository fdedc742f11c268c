'use client';

import type { EpisodePurchaseKind } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslations } from 'use-intl';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import { routes } from '@/lib/navigation/routes';
import styles from './Purchase.module.css';

const PurchaseAllDialog = lazy(() =>
  import('./PurchaseAllDialog').then((module) => ({ default: module.PurchaseAllDialog })),
);

/** "Rent / buy every remaining episode" of the series page, for the kinds its locked episodes are sold at. */
export function PurchaseAllActions({ seriesId, kinds }: { seriesId: number; kinds: readonly EpisodePurchaseKind[] }) {
  const t = useTranslations('Purchase');
  const session = useSession();
  const router = useRouter();
  const [open, setOpen] = useState<EpisodePurchaseKind | null>(null);
  // A tap while the session is still loading is kept until it is known.
  const [wanted, setWanted] = useState<EpisodePurchaseKind | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const known = session.status !== 'loading';
  const member = isLoggedIn(session);

  useEffect(() => {
    if (!wanted || !known) return;
    setWanted(null);
    if (member) setOpen(wanted);
    else router.push(routes.login(routes.detail(seriesId)));
  }, [wanted, known, member, router, seriesId]);

  if (kinds.length === 0) return null;
  return (
    <div className={styles.allActions}>
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className="button button-secondary"
          aria-haspopup="dialog"
          aria-busy={(wanted === kind && !known) || undefined}
          onClick={() => setWanted(kind)}
          data-testid={`purchase-all-${kind === 'RENT' ? 'rent' : 'buy'}`}
        >
          {kind === 'RENT' ? t('rentAll') : t('buyAll')}
        </button>
      ))}
      {open && (
        <Suspense fallback={null}>
          <PurchaseAllDialog seriesId={seriesId} kind={open} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
