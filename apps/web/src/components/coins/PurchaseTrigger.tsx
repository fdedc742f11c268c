'use client';

import { lazy, type ReactNode, Suspense } from 'react';
import { routes } from '@/lib/navigation/routes';
import { TriggerLink, useMemberIntent } from './MemberIntent';
import type { PurchasableEpisode } from './PurchaseDialog';

// The dialog (and the contracts' schemas its calls check answers with) loads when it opens.
const PurchaseDialog = lazy(() => import('./PurchaseDialog').then((module) => ({ default: module.PurchaseDialog })));

/**
 * A locked episode row of the series page: a member gets the rent-or-buy dialog; a visitor logs
 * in first and comes back to this episode on the series page. It links to the same dialog
 * (`?purchase=1`).
 */
export function PurchaseTrigger({
  seriesId,
  episode,
  className,
  autoOpen = false,
  children,
}: {
  seriesId: number;
  episode: PurchasableEpisode;
  className: string;
  /** Open the dialog once the member is known (back from the shop, `?purchase=1`). */
  autoOpen?: boolean;
  children: ReactNode;
}) {
  const intent = useMemberIntent(routes.detailEpisode(seriesId, episode.id), autoOpen ? true : null);
  return (
    <>
      <TriggerLink
        href={routes.detailEpisodePurchase(seriesId, episode.id)}
        className={className}
        busy={intent.waiting(true)}
        onTap={() => intent.want(true)}
        testId="episode-purchase"
      >
        {children}
      </TriggerLink>
      {intent.open && (
        <Suspense fallback={null}>
          <PurchaseDialog seriesId={seriesId} episode={episode} onClose={intent.close} />
        </Suspense>
      )}
    </>
  );
}
