'use client';

import { SCROLL_THROTTLE_MS } from '@balcony/contracts/constants';
import { useCallback, useSyncExternalStore } from 'react';
import { type ScreenSize, SERVER_SCREEN_SIZE, screenSizeOf } from '@/lib/shell/screen-size';
import { throttle } from '@/lib/shell/throttle';
import { useAppPlatform } from './AppShell';

function subscribe(onChange: () => void): () => void {
  const throttled = throttle(onChange, SCROLL_THROTTLE_MS);
  window.addEventListener('resize', throttled);
  return () => {
    throttled.cancel();
    window.removeEventListener('resize', throttled);
  };
}

// useSyncExternalStore compares snapshots by identity: one object per distinct size.
let cached: ScreenSize = SERVER_SCREEN_SIZE;

function read(inApp: boolean): ScreenSize {
  const next = screenSizeOf(window, inApp);
  if (next.width !== cached.width || next.height !== cached.height || next.isDesktop !== cached.isDesktop) {
    cached = next;
  }
  return cached;
}

/**
 * Spec §3/§4 screen-size state: {isDesktop, width, height}, updated on resize at most every
 * SCROLL_THROTTLE_MS. The server render and hydration use the desktop default, then the real size.
 */
export function useScreenSize(): ScreenSize {
  const inApp = useAppPlatform() !== null;
  const getSnapshot = useCallback(() => read(inApp), [inApp]);
  return useSyncExternalStore(subscribe, getSnapshot, () => SERVER_SCREEN_SIZE);
}
