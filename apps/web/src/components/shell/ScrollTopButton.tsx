'use client';

import { SCROLL_THROTTLE_MS } from '@balcony/contracts/constants';
import { useEffect, useState } from 'react';
import { LAYERS } from '@/lib/shell/layers';
import { throttle } from '@/lib/shell/throttle';
import styles from './ScrollTopButton.module.css';

/**
 * Spec §4: the button appears once the reader has scrolled down; half a screen, so that it also
 * shows on pages less than two screens tall.
 */
function scrolledDown(): boolean {
  return window.scrollY > window.innerHeight / 2;
}

/**
 * Scroll-to-top button of the site pages (spec §4/§9): smooth scrolling unless the reader prefers
 * reduced motion; focus moves to the top of the main content, since the button itself disappears.
 */
export function ScrollTopButton({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = throttle(() => setVisible(scrolledDown()), SCROLL_THROTTLE_MS);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      update.cancel();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  if (!visible) return null;

  function toTop() {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'instant' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  }

  return (
    <button
      type="button"
      className={styles.button}
      style={{ zIndex: LAYERS.floating }}
      onClick={toTop}
      aria-label={label}
      title={label}
      data-testid="scroll-top"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5l-7 7 1.4 1.4L11 8.8V20h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </button>
  );
}
