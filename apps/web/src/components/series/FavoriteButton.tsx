'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { frontErrorCode } from '@/components/session/front-error';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import { needsLogin } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import styles from './SeriesOverview.module.css';
import { useSeriesView } from './SeriesView';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The favourite toggle of a series page, from the reader's view of the series. A member's click
 * shows the new state at once and sends PUT or DELETE /favorites/{id}; a failure puts the old
 * state back and says so. A visitor is led to login and back to this page.
 */
export function FavoriteButton() {
  const { series, pending: viewPending } = useSeriesView();
  // A new view (the member's arriving on a kept page, or a refresh) starts from its own state.
  return (
    <FavoriteToggle
      key={`${series.isFavorite}`}
      seriesId={series.id}
      initial={series.isFavorite}
      viewPending={viewPending}
    />
  );
}

function FavoriteToggle({
  seriesId,
  initial,
  viewPending,
}: {
  seriesId: number;
  initial: boolean;
  viewPending: boolean;
}) {
  const t = useTranslations('Series.live');
  const session = useSession();
  const router = useRouter();
  const toast = useToast();
  const [favorite, setFavorite] = useState(initial);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const returnPath = routes.detail(seriesId);

  // A member's session, or their view of a kept page, may still be on its way: the heart shows
  // the page's state, not yet pressable.
  if (session.status === 'loading' || viewPending) {
    return (
      <button
        type="button"
        className={`button button-secondary ${styles.favorite}`}
        aria-pressed={favorite}
        aria-busy="true"
        disabled
        data-testid="favorite-pending"
      >
        <HeartIcon filled={favorite} />
        {t('favorite')}
      </button>
    );
  }

  if (!isLoggedIn(session)) {
    return (
      <Link
        href={routes.login(returnPath)}
        prefetch={false}
        className={`button button-secondary ${styles.favorite}`}
        data-testid="favorite-login"
      >
        <HeartIcon filled={false} />
        {t('favorite')}
      </Link>
    );
  }

  async function toggle() {
    if (pending) return;
    const next = !favorite;
    setFavorite(next);
    setFailed(false);
    setPending(true);
    try {
      const { saveFavorite } = await import('./favorite-calls');
      const state = await saveFavorite(seriesId, next);
      setFavorite(state.isFavorite);
      toast.show(state.isFavorite ? t('favoriteAdded') : t('favoriteRemoved'));
    } catch (error) {
      setFavorite(!next);
      // The session is gone: the reader logs in again and comes back.
      if (needsLogin(frontErrorCode(error))) {
        router.push(routes.login(returnPath));
        return;
      }
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`button button-secondary ${styles.favorite}`}
        aria-pressed={favorite}
        aria-busy={pending}
        onClick={() => void toggle()}
        data-testid="favorite-toggle"
      >
        <HeartIcon filled={favorite} />
        {t('favorite')}
      </button>
      {failed && (
        <p role="alert" className={styles.favoriteError} data-testid="favorite-error">
          {t('favoriteError')}
        </p>
      )}
    </>
  );
}
