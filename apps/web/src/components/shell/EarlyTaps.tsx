'use client';

import { useEffect } from 'react';
import { replayEarlyTaps } from '@/lib/shell/early-taps';

/**
 * Replays the taps a kept page's loader held while the page had no scripts (decision 0302).
 * Rendered last in the root layout: its effect runs after those of the page before it.
 */
export function EarlyTaps() {
  useEffect(() => replayEarlyTaps(window), []);
  return null;
}
