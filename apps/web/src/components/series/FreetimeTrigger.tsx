'use client';

import { useRouter } from 'next/navigation';
import { lazy, type ReactNode, Suspense } from 'react';
import { TriggerLink, useMemberIntent } from '@/components/coins/MemberIntent';
import { routes } from '@/lib/navigation/routes';

const FreetimeDialog = lazy(() => import('./FreetimeDialog').then((module) => ({ default: module.FreetimeDialog })));

/**
 * An episode row of the series page that the wait-until-free ticket can open now: a member gets
 * the free-time popup and, once the ticket is used, the viewer; a visitor logs in first and comes
 * back to this episode.
 */
export function FreetimeTrigger({
  seriesId,
  episode,
  intervalHours,
  className,
  children,
}: {
  seriesId: number;
  episode: { id: number; number: number; title: string };
  intervalHours: number | null;
  className: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const here = routes.detailEpisode(seriesId, episode.id);
  const intent = useMemberIntent(here);
  return (
    <>
      <TriggerLink
        href={here}
        className={className}
        busy={intent.waiting(true)}
        onTap={() => intent.want(true)}
        testId="episode-freetime"
      >
        {children}
      </TriggerLink>
      {intent.open && (
        <Suspense fallback={null}>
          <FreetimeDialog
            episode={episode}
            intervalHours={intervalHours}
            onClose={intent.close}
            onUsed={() => router.push(routes.viewer(episode.id))}
          />
        </Suspense>
      )}
    </>
  );
}
