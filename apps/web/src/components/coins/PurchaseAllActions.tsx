'use client';

import type { EpisodePurchaseKind } from '@balcony/contracts';
import { lazy, Suspense } from 'react';
import { useTranslations } from 'use-intl';
import { routes } from '@/lib/navigation/routes';
import { useMemberIntent } from './MemberIntent';
import styles from './Purchase.module.css';

const PurchaseAllDialog = lazy(() =>
  import('./PurchaseAllDialog').then((module) => ({ default: module.PurchaseAllDialog })),
);

/** "Rent / buy every remaining episode" of the series page, for the kinds its locked episodes are sold at. */
export function PurchaseAllActions({ seriesId, kinds }: { seriesId: number; kinds: readonly EpisodePurchaseKind[] }) {
  const t = useTranslations('Purchase');
  const intent = useMemberIntent<EpisodePurchaseKind>(routes.detail(seriesId));

  if (kinds.length === 0) return null;
  return (
    <div className={styles.allActions}>
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className="button button-secondary"
          aria-haspopup="dialog"
          aria-busy={intent.waiting(kind) || undefined}
          onClick={() => intent.want(kind)}
          data-testid={`purchase-all-${kind === 'RENT' ? 'rent' : 'buy'}`}
        >
          {kind === 'RENT' ? t('rentAll') : t('buyAll')}
        </button>
      ))}
      {intent.open && (
        <Suspense fallback={null}>
          <PurchaseAllDialog seriesId={seriesId} kind={intent.open} onClose={intent.close} />
        </Suspense>
      )}
    </div>
  );
}
