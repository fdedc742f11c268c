'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslations } from 'use-intl';
import { durationView } from './episode-state';

// One clock for every countdown of the page: a single interval, started by the first countdown
// on screen and stopped with the last.
let now = Date.now();
let timer: number | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = window.setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

const LABELS = { left: 'timeLeft', freeIn: 'freeIn', ticketIn: 'ticketIn' } as const;

/** Deadlines the page was already refreshed for: every episode waiting for one ticket shares it. */
const refreshed = new Set<number>();

/**
 * A live remaining time: "2 d 4 h left" for a rental or an unlock (`left`), "Free in 12:03:10"
 * while a wait-until-free ticket comes back (`freeIn`). The first render uses the server's clock
 * (`renderedAt`), so hydration matches; at zero the page is fetched again to show the new state.
 */
export function TimeLeft({
  until,
  kind,
  renderedAt,
}: {
  until: string;
  /** A rental or unlock ending, an episode free with the ticket, or the series' next ticket. */
  kind: 'left' | 'freeIn' | 'ticketIn';
  renderedAt: number;
}) {
  const t = useTranslations('Series.live');
  const router = useRouter();
  const current = useSyncExternalStore(
    subscribe,
    () => now,
    () => renderedAt,
  );
  const deadline = Date.parse(until);
  const remaining = deadline - current;

  useEffect(() => {
    if (remaining > 0 || refreshed.has(deadline)) return;
    refreshed.add(deadline);
    router.refresh();
  }, [remaining, deadline, router]);

  if (remaining <= 0) {
    return <span data-testid="time-left">{kind === 'left' ? t('ended') : t('availableNow')}</span>;
  }
  const view = durationView(remaining, kind !== 'left');
  const time =
    view.unit === 'clock'
      ? view.text
      : view.unit === 'days'
        ? t('days', { days: view.days, hours: view.hours })
        : view.unit === 'hours'
          ? t('hours', { hours: view.hours, minutes: view.minutes })
          : t('minutes', { minutes: view.minutes });
  return (
    <time dateTime={until} data-testid="time-left">
      {t(LABELS[kind], { time })}
    </time>
  );
}
