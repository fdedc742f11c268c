'use client';

import { Fragment, type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslations } from 'use-intl';
import styles from './EpisodeList.module.css';
import { EPISODE_ORDERS, type EpisodeOrder as Order, parseEpisodeOrder } from './episode-state';

// The reader's episode order, remembered on the device for every series. When storage is
// unavailable (private modes) the choice still holds for this page.
const STORAGE_KEY = 'balcony.episodeOrder';
let chosen: Order | null = null;
const listeners = new Set<() => void>();

function readOrder(): Order {
  if (chosen) return chosen;
  try {
    return parseEpisodeOrder(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return 'oldest';
  }
}

function writeOrder(order: Order): void {
  chosen = order;
  try {
    window.localStorage.setItem(STORAGE_KEY, order);
  } catch {
    // Remembered for this page only.
  }
  for (const notify of listeners) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    chosen = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The episode list in the reader's order, oldest or newest first. The rows are rendered on the
 * server; this only puts them in order. With `focusId` (`?episode=` in the address) that episode
 * is scrolled to and focused once the order is known.
 */
export function EpisodeOrder({
  heading,
  rows,
  focusId,
}: {
  heading: ReactNode;
  rows: readonly { key: number; row: ReactNode }[];
  focusId: number | null;
}) {
  const t = useTranslations('Series.live');
  const order = useSyncExternalStore(subscribe, readOrder, () => 'oldest');
  const focused = useRef(false);
  const ordered = order === 'newest' ? [...rows].reverse() : rows;

  // Runs again when the stored order replaces the server's after hydration; stops once the reader
  // chooses an order or the episode got focus.
  useEffect(() => {
    if (focusId === null || focused.current || order !== readOrder()) return;
    const target = document.getElementById(`episode-${focusId}`);
    if (!target) return;
    focused.current = true;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    target.focus({ preventScroll: true });
  }, [focusId, order]);

  return (
    <>
      <div className={styles.head}>
        {heading}
        {rows.length > 1 && (
          <fieldset className={styles.order}>
            <legend className="visually-hidden">{t('orderLabel')}</legend>
            {EPISODE_ORDERS.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={order === option}
                onClick={() => {
                  focused.current = true;
                  writeOrder(option);
                }}
                data-testid={`episode-order-${option}`}
              >
                {t(option)}
              </button>
            ))}
          </fieldset>
        )}
      </div>
      <ol className={styles.list} data-testid="episode-list" data-order={order}>
        {ordered.map(({ key, row }) => (
          <Fragment key={key}>{row}</Fragment>
        ))}
      </ol>
    </>
  );
}
