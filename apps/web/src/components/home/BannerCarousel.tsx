'use client';

import { BANNER_SLIDE_MS } from '@balcony/contracts/constants';
import {
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import styles from './BannerCarousel.module.css';

export interface BannerCarouselLabels {
  /** The region's name ("Featured"). */
  region: string;
  /** aria-roledescription of the region and of each slide, in the brand's language. */
  carousel: string;
  slide: string;
  /** "1 of 4", "2 of 4", … one per slide. */
  slideNames: readonly string[];
  previous: string;
  next: string;
  pause: string;
  play: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** A swipe turns the slide once it has moved this share of the carousel's width. */
const SWIPE_SHARE = 0.2;
/** Movement in px before a pointer gesture is a drag rather than a tap. */
const DRAG_SLOP = 8;

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  dx: number;
  active: boolean;
}

/**
 * The banner carousel of the main page (WAI-ARIA carousel pattern): slides turn every
 * BANNER_SLIDE_MS (spec §9) except under prefers-reduced-motion; the reader can pause and play it,
 * and it waits while the mouse is over it or keyboard focus is inside it. Slides also turn with the
 * previous/next buttons and by swiping (pointer events, so touch, pen and mouse alike); hidden
 * slides are inert, so their links take no focus.
 */
export function BannerCarousel({
  slides,
  labels,
}: {
  slides: readonly { key: number; content: ReactNode }[];
  labels: BannerCarouselLabels;
}) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  // null until the reader presses pause or play; until then reduced motion decides.
  const [paused, setPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragX, setDragX] = useState<number | null>(null);
  const drag = useRef<Drag | null>(null);
  const swiped = useRef(false);
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
  const playing = count > 1 && !(paused ?? reducedMotion);
  const rotating = playing && !hovered && !focused && dragX === null;

  // A fresh timer per slide, so a slide turned by hand also gets its full time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `index` restarts the timer on every turn
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), BANNER_SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const turn = (step: number) => setIndex((i) => (i + step + count) % count);

  function togglePlay() {
    if (playing) {
      setPaused(true);
      return;
    }
    // An explicit "play" wins over the hover and focus that pressing the button brought.
    setPaused(false);
    setHovered(false);
    setFocused(false);
  }

  function onFocus(event: FocusEvent<HTMLElement>) {
    // Keyboard focus only: a tap or click on a button must not stop the slides.
    if (event.target.matches(':focus-visible')) setFocused(true);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    swiped.current = false;
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, dx: 0, active: false };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.active) {
      // A mostly vertical gesture is the page scrolling: let it go.
      if (Math.abs(dy) > DRAG_SLOP && Math.abs(dy) > Math.abs(dx)) drag.current = null;
      if (Math.abs(dx) < DRAG_SLOP || Math.abs(dx) < Math.abs(dy)) return;
      current.active = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    current.dx = dx;
    setDragX(dx);
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>, cancelled: boolean) {
    const current = drag.current;
    drag.current = null;
    if (!current?.active) return;
    swiped.current = true;
    if (!cancelled && Math.abs(current.dx) > event.currentTarget.clientWidth * SWIPE_SHARE) {
      turn(current.dx < 0 ? 1 : -1);
    }
    setDragX(null);
  }

  function onClickCapture(event: MouseEvent<HTMLDivElement>) {
    // The click that ends a mouse drag must not follow the banner's link.
    if (!swiped.current) return;
    swiped.current = false;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <section
      className={styles.carousel}
      aria-roledescription={labels.carousel}
      aria-label={labels.region}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
      data-testid="banner-carousel"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the swipe surface; the buttons below do the same for keyboards */}
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => onPointerEnd(event, false)}
        onPointerCancel={(event) => onPointerEnd(event, true)}
        onClickCapture={onClickCapture}
        onDragStart={(event) => event.preventDefault()}
      >
        <div
          className={styles.track}
          style={{ transform: `translateX(calc(${-index * 100}% + ${dragX ?? 0}px))` }}
          data-dragging={dragX === null ? undefined : ''}
          aria-live={rotating ? 'off' : 'polite'}
        >
          {slides.map((slide, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group with a role description
            <div
              key={slide.key}
              role="group"
              aria-roledescription={labels.slide}
              aria-label={labels.slideNames[i]}
              aria-hidden={i !== index}
              inert={i !== index}
              className={styles.slide}
              data-testid="banner-slide"
              data-current={i === index ? '' : undefined}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            onClick={togglePlay}
            aria-label={playing ? labels.pause : labels.play}
            data-testid="banner-play-toggle"
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button type="button" onClick={() => turn(-1)} aria-label={labels.previous} data-testid="banner-previous">
            <ChevronIcon direction="left" />
          </button>
          <span className={styles.counter} aria-hidden="true" data-testid="banner-counter">
            {index + 1} / {count}
          </span>
          <button type="button" onClick={() => turn(1)} aria-label={labels.next} data-testid="banner-next">
            <ChevronIcon direction="right" />
          </button>
        </div>
      )}
    </section>
  );
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
      <path d="M6 4h4v16H6zm8 0h4v16h-4z" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
      <path d="M7 4l13 8-13 8z" />
    </svg>
  );
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
      <path d={direction === 'left' ? 'M15.5 4l2 2-6 6 6 6-2 2-8-8z' : 'M8.5 4l-2 2 6 6-6 6 2 2 8-8z'} />
    </svg>
  );
}
