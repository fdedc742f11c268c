'use client';

import { useEffect, useRef } from 'react';
import { type BackLayerKind, createBackStack } from '@/lib/shell/back-stack';

/** The page's one back-stack: every open modal and slide-in panel is in it while it is open. */
export const appBackStack = createBackStack();

/**
 * Puts an open layer on the back-stack for as long as the calling component is mounted, so the
 * app's back event closes it (spec §2). `onClose` may change between renders; the newest one runs.
 */
export function useBackLayer(kind: BackLayerKind, onClose: () => void): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => appBackStack.register(kind, () => close.current()), [kind]);
}
