'use client';

import { useRouter } from 'next/navigation';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import { routes } from '@/lib/navigation/routes';
import styles from './Purchase.module.css';
import type { PurchasableEpisode } from './PurchaseDialog';

// The dialog (and the contracts' schemas its calls check answers with) loads when it opens.
const PurchaseDialog = lazy(() => import('./PurchaseDialog').then((module) => ({ default: module.PurchaseDialog })));

/**
 * A locked episode row of the series page: a member gets the rent-or-buy dialog; a visitor logs
 * in first and comes back to this episode on the series page. It is a link to the same dialog
 * (`?purchase=1`), so a tap before the page's script runs still gets there, and a tap while the
 * session is still loading is kept until it is known.
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
  const session = useSession();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(autoOpen);
  const known = session.status !== 'loading';
  const member = isLoggedIn(session);

  useEffect(() => {
    if (!wanted || !known) return;
    setWanted(false);
    if (member) setOpen(true);
    // Back from the shop as a visitor (session ended meanwhile): the dialog waits for a login.
    else if (!autoOpen) router.push(routes.login(routes.detailEpisode(seriesId, episode.id)));
  }, [wanted, known, member, autoOpen, router, seriesId, episode.id]);

  return (
    <>
      <a
        href={routes.detailEpisodePurchase(seriesId, episode.id)}
        className={`${styles.trigger} ${className}`}
        aria-haspopup="dialog"
        aria-busy={(wanted && !known) || undefined}
        onClick={(event) => {
          event.preventDefault();
          setWanted(true);
        }}
        data-testid="episode-purchase"
      >
        {children}
      </a>
      {open && (
        <Suspense fallback={null}>
          <PurchaseDialog seriesId={seriesId} episode={episode} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
