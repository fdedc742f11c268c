'use client';

import type { EpisodeLink } from '@balcony/contracts';
import { isReadable } from '@balcony/contracts/plain';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import { LockIcon } from '@/components/ui/LockIcon';
import { Modal } from '@/components/ui/Modal';
import { remainingMs } from '@/lib/account/countdown';
import { routes } from '@/lib/navigation/routes';
import { type BingeNotice, bingeNotice, formatHms } from '@/lib/viewer/binge';
import styles from './Viewer.module.css';
import { useViewerView } from './ViewerView';

// The rent-or-buy dialog of the series page (and its calls' schemas) loads when it opens.
const PurchaseDialog = lazy(() =>
  import('@/components/coins/PurchaseDialog').then((module) => ({ default: module.PurchaseDialog })),
);
// So does the free-time popup, which uses the series' wait-until-free ticket.
const FreetimeDialog = lazy(() =>
  import('@/components/series/FreetimeDialog').then((module) => ({ default: module.FreetimeDialog })),
);

interface EpisodeSwitchProps {
  seriesId: number;
  /** Hours after which the series' used ticket is back (the free-time popup says it). */
  freetimeIntervalHours: number | null;
  /** The neighbour as the server rendered it; the reader's own view of it wins (ViewerView). */
  episode: EpisodeLink;
  direction: 'previous' | 'next';
  /** A lock before the content when the episode is not readable for this reader. */
  showLock?: boolean;
  className: string | undefined;
  /** The accessible name when the content is an icon only. */
  label?: string;
  testId: string;
  children: ReactNode;
}

/**
 * A way to the previous or next episode. A readable one opens at once; any other first asks
 * (spec §2 binge-read confirmation) with what it takes. A member facing a price chooses to rent
 * or buy right here, with the balance in view (the series page's purchase dialog); a member whose
 * wait-until-free ticket is ready is asked to use it, naming the ticket (the free-time popup), and
 * goes on to the episode. Otherwise — a visitor, or while the ticket is not back — a confirmation
 * leads to the series page. While a member's view of a kept page is on its way it does nothing yet.
 */
export function EpisodeSwitch({
  seriesId,
  freetimeIntervalHours,
  episode: rendered,
  direction,
  showLock = false,
  className,
  label,
  testId,
  children: content,
}: EpisodeSwitchProps) {
  const [asking, setAsking] = useState(false);
  const session = useSession();
  const router = useRouter();
  const t = useTranslations('Viewer');
  const view = useViewerView();
  const episode = (direction === 'next' ? view.next : view.prev) ?? rendered;
  const children = (
    <>
      {showLock && !isReadable(episode.access) && <LockIcon />}
      {content}
    </>
  );
  if (view.pending) {
    return (
      <button type="button" className={className} aria-label={label} aria-busy="true" disabled>
        {children}
      </button>
    );
  }
  const notice = bingeNotice(episode);
  if (notice === null) {
    return (
      <Link
        href={routes.viewer(episode.id)}
        rel={direction === 'next' ? 'next' : 'prev'}
        className={className}
        aria-label={label}
        data-testid={testId}
      >
        {children}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
        data-testid={testId}
        data-locked=""
      >
        {children}
      </button>
      {asking &&
        (notice.kind === 'freetimeReady' && isLoggedIn(session) ? (
          <Suspense fallback={null}>
            <FreetimeDialog
              episode={{ id: episode.id, number: episode.number, title: episode.title }}
              intervalHours={freetimeIntervalHours}
              title={t('bingeTitle', { number: episode.number })}
              onClose={() => setAsking(false)}
              onUsed={() => router.push(routes.viewer(episode.id))}
              testId="binge-freetime"
            />
          </Suspense>
        ) : notice.kind === 'price' && isLoggedIn(session) ? (
          <Suspense fallback={null}>
            <PurchaseDialog
              seriesId={seriesId}
              episode={{
                id: episode.id,
                number: episode.number,
                title: episode.title,
                rent: notice.rent,
                buy: notice.buy,
              }}
              onClose={() => setAsking(false)}
              testId="binge-purchase"
            />
          </Suspense>
        ) : (
          <BingeConfirm seriesId={seriesId} episode={episode} notice={notice} onClose={() => setAsking(false)} />
        ))}
    </>
  );
}

function BingeConfirm({
  seriesId,
  episode,
  notice,
  onClose,
}: {
  seriesId: number;
  episode: EpisodeLink;
  notice: BingeNotice;
  onClose(): void;
}) {
  const t = useTranslations('Viewer');
  const titleId = useId();
  const textId = useId();
  return (
    <Modal labelledBy={titleId} describedBy={textId} onClose={onClose} testId="binge-confirm">
      <div className={styles.dialogBody}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {t('bingeTitle', { number: episode.number })}
        </h2>
        <p className={styles.episodeName}>{episode.title}</p>
        <p id={textId}>
          <NoticeText notice={notice} />
        </p>
        <div className={styles.dialogActions}>
          <Link
            href={routes.detailEpisode(seriesId, episode.id)}
            className="button"
            prefetch={false}
            data-autofocus=""
            data-testid="binge-confirm-go"
          >
            {t('bingeConfirm')}
          </Link>
          <button type="button" className="button button-secondary" onClick={onClose} data-testid="binge-confirm-stay">
            {t('bingeCancel')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

function NoticeText({ notice }: { notice: BingeNotice }) {
  const t = useTranslations('Viewer');
  switch (notice.kind) {
    case 'price':
      if (notice.rent !== null && notice.buy !== null)
        return t('bingeRentOrBuy', { rent: notice.rent, buy: notice.buy });
      return notice.rent !== null ? t('bingeRent', { rent: notice.rent }) : t('bingeBuy', { buy: notice.buy ?? 0 });
    case 'freetimeReady':
      return t('bingeFreetimeReady');
    case 'freetimeWait':
      return <TicketCountdown ticketAt={notice.ticketAt} />;
  }
}

/** The time left until the free-time ticket is back, each second; then the ticket is offered. */
function TicketCountdown({ ticketAt }: { ticketAt: string }) {
  const t = useTranslations('Viewer');
  const [now, setNow] = useState(() => Date.now());
  const left = remainingMs(Date.parse(ticketAt), now);
  const back = left <= 0;
  useEffect(() => {
    if (back) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [back]);
  if (back) return t('bingeFreetimeReady');
  return t.rich('bingeFreetimeWait', {
    countdown: formatHms(left),
    time: (chunks) => (
      <time dateTime={ticketAt} data-testid="ticket-countdown">
        {chunks}
      </time>
    ),
  });
}
